"""The import structure of ``src/tricktable``: layers point one way, games never import each other, no circles.

Layers, lowest first: ``core`` <- ``rules`` <- ``bots`` <- ``analysis``, ``lab``, ``arena`` <- ``cli``, ``render``,
``server``, ``interop`` (the adapters are faces too, for research tools, and draw with ``render``).  A module may
import its own layer and the layers below, with no exception: the registry (``core.registry``) names each game's
parts as "module:Name" strings and imports them only when asked.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
LAYERS = {
    "core": 0,
    "rules": 1,
    "bots": 2,
    "analysis": 3,
    "lab": 3,
    "interop": 4,
    "arena": 3,
    "cli": 4,
    "render": 4,
    "server": 4,
}
ALLOWED_UP: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every ``tricktable`` module ``path`` imports, anywhere in the file (resolved to module names)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("tricktable")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            if not base.startswith("tricktable"):
                continue
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if module_file(candidate) else base)
    return found


def module_file(name: str) -> Path | None:
    base = SRC.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py", base.with_suffix(".pyx")):
        if candidate.exists():
            return candidate
    return None


MODULES = {module_name(p): p for p in SRC.rglob("*.py")}
GRAPH = {name: {m for m in imports_of(path) if m in MODULES} for name, path in MODULES.items()}


def layer(name: str) -> tuple[str, int] | None:
    parts = name.split(".")
    if len(parts) < 2:
        return None
    top = parts[1]
    return (top, LAYERS[top]) if top in LAYERS else None


def test_every_package_has_a_layer() -> None:
    tops = {name.split(".")[1] for name in MODULES if name.count(".") >= 1}
    assert tops <= set(LAYERS), f"give these a layer: {sorted(tops - set(LAYERS))}"


def test_imports_never_point_up_a_layer() -> None:
    backward = []
    for name, targets in GRAPH.items():
        mine = layer(name)
        for target in targets:
            theirs = layer(target)
            if mine and theirs and theirs[1] > mine[1] and (name, target) not in ALLOWED_UP:
                backward.append(f"{name} -> {target}")
    assert not backward, "imports against the layers:\n" + "\n".join(sorted(backward))


def test_a_game_package_imports_only_the_core_and_itself() -> None:
    wrong = []
    for name, targets in GRAPH.items():
        parts = name.split(".")
        if len(parts) < 3 or parts[1] != "rules":
            continue
        game = ".".join(parts[:3])
        for target in targets:
            if not (target.startswith("tricktable.core") or target == game or target.startswith(game + ".")):
                wrong.append(f"{name} -> {target}")
    assert not wrong, "\n".join(sorted(wrong))


def test_there_are_no_import_circles() -> None:
    """Tarjan's strongly connected components over module imports; a package's ``__init__`` re-exporting its
    own modules is not a circle unless a module imports the package's front door back."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in GRAPH[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for name in sorted(GRAPH):
        if name not in index:
            visit(name)
    assert not circles, f"import circles: {circles}"


#: The compiled headers a bot's kernel may ``cimport`` from a game package: Cython reaches C declarations only
#: through a ``.pxd``, never through a package's ``__init__``.  ``crules.pxd`` is the game's rules as inline C;
#: ``ckernel.pxd`` declares what the game's compiled kernel shares (Tandem Trick's solver).
CIMPORTABLE = {"crules", "ckernel"}
GAME_SUBMODULE = re.compile(r"^\s*from\s+(tricktable\.rules\.\w+)\.(\w+)\s+(c?import)\b", re.M)


def test_outside_its_package_a_game_is_imported_only_through_its_front_door() -> None:
    wrong = []
    for name, path in MODULES.items():
        parts = name.split(".")
        if len(parts) >= 3 and parts[1] == "rules":
            continue
        for target in imports_of(path):
            if target.startswith("tricktable.rules.") and target.count(".") > 2:
                wrong.append(f"{name} -> {target}")
    for path in sorted(SRC.rglob("*.pyx")) + sorted(SRC.rglob("*.pxd")):
        name = module_name(path)
        if name.split(".")[1] == "rules":
            continue
        for package, module, how in GAME_SUBMODULE.findall(path.read_text(encoding="utf-8")):
            if how == "import" or module not in CIMPORTABLE:
                wrong.append(f"{name} -> {package}.{module} ({how})")
    assert not wrong, "import a game from its package's __init__:\n" + "\n".join(sorted(wrong))
