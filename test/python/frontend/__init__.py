"""The frontend's tests (a package, so that their module names do not collide with the
tests of other folders, such as interpreter/test_tutorials.py)."""
