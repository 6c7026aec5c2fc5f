"""Tests of the BenchExec tool-info module on recorded circ outputs.

testdata/recordings.tsv lists each recording: its name, the result
BenchExec must derive, and the circ command that produced NAME.out
(circ's Go test TestBenchExecRecordings reruns those commands and fails
when a recording no longer matches circ). Run with
  python3 -m unittest discover -s contrib/benchexec
It uses BenchExec when it is installed, otherwise a stand-in for the few
names of BenchExec's API the module uses.
"""

import os
import sys
import types
import unittest
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))


def _install_benchexec_stand_in():
    """Registers minimal benchexec, benchexec.result and
    benchexec.tools.template modules with BenchExec's names and values."""
    benchexec = types.ModuleType("benchexec")
    res = types.ModuleType("benchexec.result")
    res.RESULT_TRUE_PROP = "true"
    res.RESULT_FALSE_PROP = "false"
    res.RESULT_FALSE_DATARACE = "false(no-data-race)"
    res.RESULT_UNKNOWN = "unknown"
    res.RESULT_ERROR = "ERROR"
    tools = types.ModuleType("benchexec.tools")
    template = types.ModuleType("benchexec.tools.template")

    class UnsupportedFeatureException(Exception):
        pass

    class BaseTool2:
        def _version_from_tool(self, executable, arg="--version", line_prefix=None):
            raise NotImplementedError

    template.BaseTool2 = BaseTool2
    template.UnsupportedFeatureException = UnsupportedFeatureException
    benchexec.result = res
    benchexec.tools = tools
    tools.template = template
    sys.modules.update(
        {
            "benchexec": benchexec,
            "benchexec.result": res,
            "benchexec.tools": tools,
            "benchexec.tools.template": template,
        }
    )


try:
    import benchexec.tools.template  # noqa: F401
except ImportError:
    _install_benchexec_stand_in()

sys.path.insert(0, HERE)
import circ  # noqa: E402

ExitCode = namedtuple("ExitCode", "value")
Run = namedtuple("Run", "output exit_code")
Task = namedtuple("Task", "input_files_or_identifier property_file options")


def recordings():
    with open(os.path.join(HERE, "testdata", "recordings.tsv")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, want, _args = line.rstrip("\n").split("\t")
            with open(os.path.join(HERE, "testdata", name + ".out")) as out:
                first, *lines = out.read().splitlines()
            code = int(first.removeprefix("exit "))
            yield name, want, Run(lines, ExitCode(code))


class DetermineResultTest(unittest.TestCase):
    def test_recorded_outputs(self):
        seen = 0
        for name, want, run in recordings():
            with self.subTest(recording=name):
                self.assertEqual(circ.Tool().determine_result(run), want)
            seen += 1
        self.assertGreaterEqual(seen, 6)

    def test_garbage_is_an_error(self):
        run = Run(["Segmentation fault"], ExitCode(139))
        self.assertEqual(circ.Tool().determine_result(run), "ERROR")


class CmdlineTest(unittest.TestCase):
    def test_task_property_and_data_model_become_flags(self):
        task = Task(["t.c"], "no-data-race.prp", {"language": "C", "data_model": "ILP32"})
        got = circ.Tool().cmdline("./circ", ["--timeout", "60s"], task, None)
        self.assertEqual(
            got,
            ["./circ", "check", "--svcomp", "--quiet", "--timeout", "60s",
             "--property", "no-data-race.prp", "--data-model", "ILP32", "t.c"],
        )

    def test_unknown_data_model_is_refused(self):
        task = Task(["t.c"], None, {"data_model": "ILP64"})
        with self.assertRaises(Exception):
            circ.Tool().cmdline("./circ", [], task, None)


if __name__ == "__main__":
    unittest.main()
