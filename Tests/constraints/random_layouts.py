#!/usr/bin/env python3
"""Random layouts solved two ways: the Auto Layout constraints `htll frames --constraints`
prints, solved by kiwisolver (kiwi_check.py), against the frames `htll frames` prints.

usage: random_layouts.py HTLL SEED COUNT [--keep DIR]

Each layout nests the splitting primitives, sequences (every mode and alignment), the spacing
modifiers and views of every size kind (content-sized, fixed, collapsing, hidden) a few levels
deep, from SEED. Layouts the constraints refuse (inexpressible, located) are skipped. Prints the
files that disagree (kept in DIR, or a temporary folder) and a summary; exits 1 when any does.
How the reduced cases of ConstraintEquivalenceTests' corpus were found.
"""
import os
import random
import subprocess
import sys
import tempfile

CHECKER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kiwi_check.py")


def leaf(r, n):
    n[0] += 1
    i, k = n[0], r.random()
    if k < 0.35:
        return "(label '((text . \"%s%d\")))" % ("w" * r.randint(1, 12), i)
    if k < 0.45:
        return "(label '((text . \"%s %s\") (font . (system-font-of-size %d))))" % ("x" * r.randint(1, 9), "y" * r.randint(1, 9), r.choice([9, 14, 22]))
    if k < 0.55:
        return "(rounded-rect-button '((title-for-state . (\"%s\" . normal))))" % ("b" * r.randint(1, 6))
    if k < 0.70:
        return "(view '((size . (size %d %d))))" % (r.randint(5, 80), r.randint(5, 60))
    if k < 0.76:
        return "(collapse-when-hidden (label '((text . \"c%d\") (hidden . %s))))" % (i, r.choice(["#t", "#f"]))
    if k < 0.80:
        return "(image '((image . (image-named \"icon%d\"))))" % i
    if k < 0.85:
        return "(text-field '((placeholder . \"p%d\")))" % i
    return "blank"


def modifier(r, d, n):
    c = node(r, d, n)
    k = r.randint(0, 5)
    if k == 0:
        return "(padding %d %s)" % (r.randint(0, 12), c)
    if k == 1:
        return "(inset %d %d %d %d %s)" % tuple([r.randint(0, 20) for _ in range(4)] + [c])
    if k == 2:
        return "(fixed %d %d %s)" % (r.randint(5, 90), r.randint(5, 90), c)
    if k == 3:
        return "(min-size %s %s %s)" % (r.choice([("#f", "30"), ("40", "#f"), ("120", "70")]) + (c,))
    if k == 4:
        return "(max-size %s %s %s)" % (r.choice(["60", "200"]), r.choice(["#f", "50"]), c)
    return "(aspect %s %s)" % (r.choice(["1", "16/9", "0.5", "3 2"]), c)


def node(r, d, n):
    if d == 0 or r.random() < 0.18:
        return leaf(r, n)
    if r.random() < 0.2:
        return modifier(r, d - 1, n)
    op = r.choice(["above", "beside", "^^", "vv", "<<", ">>", "hseq", "vseq", "h...", "v...", "center", "hseq*", "vseq*"])
    align = r.choice(["", "'start", "'center", "'end", "'fill"])
    kids = lambda: " ".join(node(r, d - 1, n) for _ in range(r.randint(1, 4)))
    if op in ("above", "beside"):
        return "(%s %s %s %s)" % (op, node(r, d - 1, n), node(r, d - 1, n), r.choice(["0.5", "0.3", "0.75"]))
    if op == "center":
        return "(center %s %s %s)" % (node(r, d - 1, n), r.choice(["0.1", "0.2"]), r.choice(["0", "0.3"]))
    if op in ("^^", "vv", "<<", ">>"):
        return "(%s %s %s %s %s)" % (op, node(r, d - 1, n), node(r, d - 1, n), r.choice(["", "4", "0"]), align)
    if op in ("hseq", "vseq", "h...", "v..."):
        if op in ("hseq", "h...") and r.random() < 0.2:
            align = "'baseline"
        return "(%s %s %s)" % (op, align, kids())
    mode = r.choice(["'start", "'center", "'end", "'space-between", "'space-around", "'space-evenly", "'fill-equally"])
    return "(%s %d %s %s %s)" % (op, r.randint(0, 8), mode, align, kids())


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        i = args.index("--keep")
        keep = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        print(__doc__.strip().split("\n\n")[1])
        return 2
    htll, seed, count = args[0], int(args[1]), int(args[2])
    folder = keep or tempfile.mkdtemp(prefix="htll-random-")
    os.makedirs(folder, exist_ok=True)
    solved = refused = 0
    failing = []
    for k in range(count):
        r = random.Random(seed * 100000 + k)
        root = node(r, r.randint(2, 6), [0])
        name = os.path.join(folder, "r%d_%d.htll" % (seed, k))
        with open(name, "w") as f:
            f.write("(in %s 'self.view)\n" % root)
        for size in ("390x844", "700x300"):
            c = subprocess.run([htll, "frames", name, "--size", size, "--constraints"], capture_output=True, text=True)
            if c.returncode != 0:
                if "cannot be stated as Auto Layout constraints" not in c.stderr:
                    failing.append((name, size, c.stderr.strip().split("\n")[0]))
                refused += 1
                continue
            fr = subprocess.run([htll, "frames", name, "--size", size], capture_output=True, text=True)
            cj, fj = name + "." + size + ".constraints.json", name + "." + size + ".frames.json"
            with open(cj, "w") as f:
                f.write(c.stdout)
            with open(fj, "w") as f:
                f.write(fr.stdout)
            out = subprocess.run([sys.executable, CHECKER, cj, fj], capture_output=True, text=True)
            if out.returncode == 2:
                print(out.stdout.strip())
                return 2
            solved += 1
            if out.returncode != 0:
                failing.append((name, size, out.stdout.strip().split("\n")[0]))
    for name, size, what in failing:
        print("%s at %s: %s" % (name, size, what))
    print("random_layouts: %d layouts, %d canvases solved, %d refused, %d disagree (in %s)"
          % (count, solved, refused, len(failing), folder))
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
