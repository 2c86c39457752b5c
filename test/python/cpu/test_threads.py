"""How many threads run a launch, and on what: the default count comes from the affinity mask
and the cgroup's CPU quota, OMP_NUM_THREADS is honoured and checked, and the scheduler is
oneTBB unless the launch or NEREID_CPU_SCHEDULER asks for OpenMP. (How the schedulers fare on a
busy machine is measured by bench/shared_machine.py, not asserted here.)"""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime import host
from nereid_cpu import kernel as cpu_kernel


@nereid.jit
def add_one(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + 1.0, mask=mask)


def launch(**options):
    x = np.random.default_rng().standard_normal(5000).astype(np.float32)
    out = np.full_like(x, np.nan)
    add_one[(40,)](x, out, x.size, BLOCK=128, **options)
    np.testing.assert_array_equal(out, x + np.float32(1))


def write_cgroup(root, cgroup_line, files):
    (root / "proc/self").mkdir(parents=True)
    (root / "proc/self/cgroup").write_text(cgroup_line + "\n")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)


@pytest.mark.parametrize("quota, expected", [("250000 100000", 3), ("100000 100000", 1),
                                             ("max 100000", None), ("50000 100000", 1)])
def test_cgroup_v2_quota(tmp_path, quota, expected):
    write_cgroup(tmp_path, "0::/user.slice/job", {"sys/fs/cgroup/user.slice/job/cpu.max": quota})
    assert host._cgroup_cpu_quota(str(tmp_path)) == expected


@pytest.mark.parametrize("quota, expected", [("400000", 4), ("-1", None)])
def test_cgroup_v1_quota(tmp_path, quota, expected):
    write_cgroup(tmp_path, "4:cpu,cpuacct:/docker/abc\n2:memory:/docker/abc", {
        "sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_quota_us": quota,
        "sys/fs/cgroup/cpu,cpuacct/docker/abc/cpu.cfs_period_us": "100000"})
    assert host._cgroup_cpu_quota(str(tmp_path)) == expected


def test_no_cgroup_file_means_no_quota(tmp_path):
    assert host._cgroup_cpu_quota(str(tmp_path)) is None


def test_default_count_follows_the_affinity_mask():
    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no sched_setaffinity on this platform")
    script = textwrap.dedent("""
        import os
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        from nereid_cpu import kernel
        print(kernel.available_cores(), kernel.resolve_num_threads({}))
    """)
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("OMP_NUM_THREADS", "NEREID_NUM_THREADS")}
    output = subprocess.run([sys.executable, "-c", script], env=environment, check=True,
                            capture_output=True, text=True).stdout.split()
    assert output == ["1", "1"]


def test_thread_count_settings_in_order(monkeypatch):
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    assert cpu_kernel.resolve_num_threads({}) == cpu_kernel.available_cores()
    monkeypatch.setenv("OMP_NUM_THREADS", "3,2")
    assert cpu_kernel.resolve_num_threads({}) == 3
    monkeypatch.setenv("NEREID_NUM_THREADS", "5")
    assert cpu_kernel.resolve_num_threads({}) == 5
    assert cpu_kernel.resolve_num_threads({"num_threads": 2}) == 2
    launch()
    launch(num_threads=3)


@pytest.mark.parametrize("value", ["abc", "0", "-2", "4x"])
def test_bad_omp_num_threads_is_named(monkeypatch, value):
    monkeypatch.setenv("OMP_NUM_THREADS", value)
    for scheduler in ("tbb", "openmp"):
        with pytest.raises(ValueError, match="OMP_NUM_THREADS must be a positive integer"):
            launch(scheduler=scheduler)


def test_bad_omp_num_threads_does_not_reach_libomp(tmp_path):
    """libomp aborts the process on OMP_NUM_THREADS=abc; the launch refuses it first."""
    script = tmp_path / "launch.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import nereid
        import nereid.language as tl

        @nereid.jit
        def kernel(x_ptr, BLOCK: tl.constexpr):
            offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)

        x = np.ones(256, np.float32)
        try:
            kernel[(2,)](x, BLOCK=128, scheduler="openmp", num_threads=2)
        except ValueError as error:
            print("refused:", error)
    """))
    environment = dict(os.environ, OMP_NUM_THREADS="abc", PYTHONPATH=os.pathsep.join(sys.path),
                       NEREID_CACHE_DIR=str(tmp_path / "cache"))
    result = subprocess.run([sys.executable, str(script)], env=environment, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    assert "refused: OMP_NUM_THREADS must be a positive integer; got 'abc'" in result.stdout


def test_scheduler_default_and_settings(monkeypatch):
    assert cpu_kernel.resolve_scheduler("k", {}) == "tbb"
    monkeypatch.setenv("NEREID_CPU_SCHEDULER", "openmp")
    assert cpu_kernel.resolve_scheduler("k", {}) == "openmp"
    assert cpu_kernel.resolve_scheduler("k", {"scheduler": "tbb"}) == "tbb"
    launch()
    monkeypatch.setenv("NEREID_CPU_SCHEDULER", "bogus")
    with pytest.raises(ValueError, match="unknown scheduler 'bogus'.*NEREID_CPU_SCHEDULER"):
        launch()
    monkeypatch.delenv("NEREID_CPU_SCHEDULER")
    with pytest.raises(ValueError, match="unknown scheduler 'fast'"):
        launch(scheduler="fast")
