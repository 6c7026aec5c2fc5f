# BenchExec tool-info module for circ, a data-race checker for concurrent C
# (race checking by context inference). Copy this file into BenchExec's
# benchexec/tools/ folder (or put its folder on PYTHONPATH and name the
# tool "circ" in the benchmark definition: <tool name="circ">).
#
# circ decides SV-COMP's no-data-race property. It prints the SV-COMP
# verdict line "RESULT: true | false(no-data-race) | unknown" last when
# run with --svcomp, and exits with status 2 and one line on stderr for
# input it cannot read (unsupported C, another property, bad options).

import re

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """Tool info for circ (https://github.com/ — see the project README)."""

    def executable(self, tool_locator):
        return tool_locator.find_executable("circ")

    def name(self):
        return "circ"

    def version(self, executable):
        return self._version_from_tool(executable, arg="version", line_prefix="circ ")

    _RESULTS = {
        "true": result.RESULT_TRUE_PROP,
        "false(no-data-race)": result.RESULT_FALSE_DATARACE,
        "unknown": result.RESULT_UNKNOWN,
    }

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check", "--svcomp", "--quiet", *options]
        if task.property_file:
            cmd += ["--property", task.property_file]
        data_model = (task.options or {}).get("data_model")
        if data_model:
            if data_model not in ("ILP32", "LP64"):
                raise benchexec.tools.template.UnsupportedFeatureException(
                    f"Unsupported data_model '{data_model}'"
                )
            cmd += ["--data-model", data_model]
        return cmd + list(task.input_files_or_identifier)

    def determine_result(self, run):
        verdict = None
        error = None
        for line in run.output:
            m = re.match(r"RESULT: (\S+)\s*$", line)
            if m:
                verdict = m.group(1)
            elif line.startswith("circ: "):
                error = line[len("circ: ") :]
        if verdict is not None:
            return self._RESULTS.get(verdict, result.RESULT_ERROR + f" ({verdict})")
        if run.exit_code.value == 2 and error:
            if "not supported" in error or "unsupported" in error:
                return result.RESULT_ERROR + " (unsupported input)"
            return result.RESULT_ERROR + " (bad input)"
        return result.RESULT_ERROR
