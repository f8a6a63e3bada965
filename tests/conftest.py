"""Test-session set-up shared by every test module."""

import warnings

# When a Hypothesis test fails, Hypothesis's pytest plugin imports hypothesis.extra._patching
# (and with it libcst, which warns about mypy_extensions.TypedDict).  With the project's
# filterwarnings = error, that warning would turn a plain test failure into an INTERNALERROR
# that stops the session; importing the module once here, warnings silenced, keeps failures
# reported as failures.  Without libcst Hypothesis does not import the module either.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    try:
        import hypothesis.extra._patching  # noqa: F401
    except ImportError:
        pass
