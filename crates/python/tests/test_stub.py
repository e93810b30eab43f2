"""The type stub `_mancala.pyi` names every public function, class and method of the compiled module, and nothing else."""

import ast
import inspect
from pathlib import Path

import mancala
from mancala import _mancala

STUB = Path(mancala.__file__).with_name("_mancala.pyi")


def stub_names():
    """Module-level names of the stub, and for each class the names defined in its body."""
    tree = ast.parse(STUB.read_text())
    functions, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.ClassDef):
            classes[node.name] = {
                item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
            }
    return functions, classes


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_the_stub_lists_the_module_functions_and_classes():
    functions, classes = stub_names()
    module = public(dir(_mancala))
    compiled_classes = {n for n in module if inspect.isclass(getattr(_mancala, n))}
    compiled_functions = {n for n in module if callable(getattr(_mancala, n))} - compiled_classes
    assert functions == compiled_functions
    assert set(classes) == compiled_classes


def test_the_stub_lists_every_method_of_each_class():
    _, classes = stub_names()
    for name, methods in classes.items():
        cls = getattr(_mancala, name)
        compiled = public(n for n in vars(cls))
        if issubclass(cls, BaseException):
            # An exception class's own body adds nothing to the stub.
            compiled = set()
        assert public(methods) == compiled, name
