#!/usr/bin/env python3
"""The harness's layer rules, checked on its sources and objects.

    layers.py ROOT OBJDIR

ROOT is the source tree (its build.mk names the layers, bottom first, in
"LAYERS := ..."); OBJDIR holds the objects of one variant build, laid out
as the sources (OBJDIR/<folder>/<file>.o). Fails, naming each violation:
- an #include "..." of a header that lives in a higher layer;
- an include cycle between files;
- a script (.sh, .py) that runs a script of a higher layer;
- a Python file that imports a module of a higher layer (its own folder
  first, as Python finds it, else the one .py file of that name), and an
  import cycle;
- an object that uses a symbol defined only in a higher layer;
- a cycle of symbol uses between objects (files that call each other);
- a file of a sealed folder (SEALED) that includes or uses a file outside
  it other than the ones it may: the spec generator (fuzz/spec/) sees only
  the input helper, never the oracle it is to check.
"""
import ast
import os
import re
import subprocess
import sys
from collections import defaultdict

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


# Folders whose files may include and use only each other and the files named.
SEALED = {'fuzz/spec': {'fuzz/fuzz_input'}}


def sealed_errors(graph, what):
    """Edges of GRAPH (path -> paths) from a sealed folder to a file it may not see."""
    errors = []
    for f, targets in graph.items():
        for folder, allowed in SEALED.items():
            if not f.startswith(folder + '/'):
                continue
            for t in sorted(targets):
                if not t.startswith(folder + '/') and os.path.splitext(t)[0] not in allowed:
                    errors.append(f'{f} {what} {t}, outside the sealed folder {folder}/')
    return errors


def layers_of(root):
    with open(os.path.join(root, 'build.mk')) as f:
        m = re.search(r'^LAYERS\s*:=\s*(.+)$', f.read(), re.M)
    if not m:
        sys.exit(f'layers: {root}/build.mk: no "LAYERS :=" line')
    return {name: i for i, name in enumerate(m.group(1).split())}


def layer(rank, path):
    """The layer index of a path relative to ROOT, or None outside layers."""
    return rank.get(path.split('/', 1)[0])


def sources(root, rank):
    found = []
    for top in rank:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if f.endswith(('.c', '.h')):
                    found.append(os.path.relpath(os.path.join(dirpath, f), root))
    return sorted(found)


def include_graph(root, rank, files):
    by_name, fileset = defaultdict(list), set(files)
    for f in files:
        by_name[os.path.basename(f)].append(f)
    graph, errors = defaultdict(set), []
    for f in files:
        with open(os.path.join(root, f), errors='replace') as fh:
            names = INCLUDE.findall(fh.read())
        for name in names:
            here = os.path.normpath(os.path.join(os.path.dirname(f), name))
            if here in fileset:
                target = here
            elif len(by_name.get(name, [])) == 1:
                target = by_name[name][0]
            else:
                continue        # a system or kernel-tree header
            graph[f].add(target)
            if layer(rank, target) > layer(rank, f):
                errors.append(f'{f} includes {target}, a higher layer')
    return graph, errors


def script_errors(root, rank):
    """Scripts that name a higher layer's script outside a comment."""
    ref = re.compile(r'\b(' + '|'.join(map(re.escape, rank)) + r')/[\w./-]*?([\w-]+\.(?:sh|py))\b')
    errors = []
    for top in rank:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith(('.sh', '.py')):
                    continue
                path = os.path.relpath(os.path.join(dirpath, f), root)
                with open(os.path.join(root, path), errors='replace') as fh:
                    for line in fh:
                        if line.lstrip().startswith('#'):
                            continue
                        for m in ref.finditer(line):
                            if rank[m.group(1)] > layer(rank, path):
                                errors.append(f'{path} runs {m.group(0)}, a higher layer')
    return errors


def python_files(root, rank):
    found = []
    for top in rank:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            found += [os.path.relpath(os.path.join(dirpath, f), root)
                      for f in files if f.endswith('.py')]
    return sorted(found)


def imported_names(root, path):
    """The modules a Python file imports, dotted names as written."""
    with open(os.path.join(root, path), errors='replace') as fh:
        tree = ast.parse(fh.read(), path)
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names += [node.module] + [f'{node.module}.{a.name}' for a in node.names]
    return names


def import_graph(root, rank):
    """Python imports between our files; the standard library is left out
    (no file of ours has its name)."""
    files = python_files(root, rank)
    by_name, fileset = defaultdict(list), set(files)
    for f in files:
        by_name[os.path.basename(f)[:-3]].append(f)
    graph, errors = defaultdict(set), []
    for f in files:
        try:
            names = imported_names(root, f)
        except SyntaxError as e:
            errors.append(f'{f}: cannot parse: {e.msg}')
            continue
        for name in names:
            here = os.path.normpath(os.path.join(os.path.dirname(f), name.replace('.', '/') + '.py'))
            top = name.replace('.', '/') + '.py'
            last = name.rsplit('.', 1)[-1]
            if here in fileset:
                target = here
            elif top in fileset:
                target = top
            elif '.' not in name and len(by_name.get(last, [])) == 1:
                target = by_name[last][0]
            else:
                continue
            graph[f].add(target)
            if layer(rank, target) > layer(rank, f):
                errors.append(f'{f} imports {target}, a higher layer')
    return graph, errors


def cycles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(100000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in list(graph):
        if v not in index:
            visit(v)
    return out


def symbols(obj):
    out = subprocess.run(['nm', '-g', obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        p = line.split()
        if len(p) == 2 and p[0] == 'U':
            used.add(p[1])
        elif len(p) == 3 and p[1] in 'TDBRVWCG':
            defined.add(p[2])
    return defined, used


def use_graph(root, objdir, rank):
    objs = []
    for dirpath, _, files in os.walk(objdir):
        for f in files:
            if f.endswith('.o'):
                rel = os.path.relpath(os.path.join(dirpath, f), objdir)
                # Objects of sources that moved or went away are stale.
                src = os.path.join(root, rel[:-2] + '.c')
                if layer(rank, rel) is not None and os.path.exists(src):
                    objs.append(rel)
    defs, uses, owners = {}, {}, defaultdict(list)
    for o in objs:
        defs[o], uses[o] = symbols(os.path.join(objdir, o))
        for s in defs[o]:
            owners[s].append(o)
    graph, errors = defaultdict(set), []
    for o in objs:
        for s in uses[o]:
            found = [t for t in owners.get(s, ()) if t != o]
            if not found:
                continue    # libc, the kernel object, the reference
            # A symbol several targets define (LLVMFuzzerTestOneInput) is
            # the lowest definer's business.
            low = min(layer(rank, t) for t in found)
            if low > layer(rank, o):
                errors.append(f'{o} uses {s} of {found[0]}, a higher layer')
            if len(found) == 1:
                graph[o].add(found[0])
    return graph, errors


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: layers.py ROOT OBJDIR')
    root, objdir = sys.argv[1], sys.argv[2]
    if not os.path.isdir(objdir):
        sys.exit(f'layers: {objdir}: no such object folder (build first)')
    rank = layers_of(root)
    files = sources(root, rank)
    igraph, errors = include_graph(root, rank, files)
    errors += [f'include cycle: {" -> ".join(c)}' for c in cycles(igraph)]
    errors += sealed_errors(igraph, 'includes')
    errors += script_errors(root, rank)
    pgraph, perrors = import_graph(root, rank)
    errors += perrors
    errors += [f'import cycle: {" -> ".join(c)}' for c in cycles(pgraph)]
    ugraph, uerrors = use_graph(root, objdir, rank)
    errors += uerrors
    errors += sealed_errors(ugraph, 'uses')
    errors += [f'call cycle between files: {" <-> ".join(c)}' for c in cycles(ugraph)]
    for e in errors:
        print(f'layers: {e}')
    print(f'layers: {len(rank)} layers, {len(files)} source files, '
          f'{sum(len(v) for v in igraph.values())} includes, '
          f'{sum(len(v) for v in pgraph.values())} Python imports, '
          f'{sum(len(v) for v in ugraph.values())} file-to-file symbol uses: '
          f'{len(errors)} violations')
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
