"""The conformance suite: a package, so that its module names do not collide with the
interpreter tests of the same names."""
