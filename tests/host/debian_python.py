"""Run a host test under Debian's python3 when it needs Debian's Python packages.

apt installs python3-junitparser, python3-jsonschema, python3-yaml ... for /usr/bin/python3
only; a python3 first on PATH from elsewhere (a pyenv, a venv) does not see them. require()
imports the modules, and when one is missing re-executes the calling script under
/usr/bin/python3 (once); if that does not have them either, the ImportError stands.
"""

import importlib
import os
import sys

DEBIAN_PYTHON = "/usr/bin/python3"


def require(*names):
    try:
        return [importlib.import_module(n) for n in names]
    except ImportError:
        if os.path.realpath(sys.executable) == os.path.realpath(DEBIAN_PYTHON) or \
                not os.path.exists(DEBIAN_PYTHON):
            raise
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON] + sys.argv)
