#!/usr/bin/env python3
"""Solves the constraints `htll frames --constraints` prints with kiwisolver (a Cassowary solver)
and compares the result with the frames `htll frames` prints for the same canvas.

usage: kiwi_check.py CONSTRAINTS.json FRAMES.json [CONSTRAINTS.json FRAMES.json ...]
       kiwi_check.py --content-height CONSTRAINTS.json    the height a self-sizing cell takes

For every pair it checks that
  - no required constraint conflicts with another (kiwi refuses an unsatisfiable one),
  - every view's frame is the frame htll solved (within 1e-4 points),
  - every view's and guide's x, y, width and height is determined: pushing any of them with a
    strength far below every priority the layout uses moves nothing (no ambiguity).
A self-sizing cell ("selfSizing": true, an in-cell layout) has no fixed height: like a table
view's automatic dimension (systemLayoutSizeFitting with a vertical fitting priority of 50), the
solver makes its content view as short as the constraints allow, and the frames must be the ones
htll solved for that height.
Prints one line per failure and a summary; exits 1 when anything failed, 2 when kiwisolver is missing.
"""
import json
import sys

try:
    import kiwisolver as kiwi
except ImportError:
    print("kiwi_check: the Python package kiwisolver is missing (pip install kiwisolver, Debian: python3-kiwisolver)")
    sys.exit(2)

# Points: far below a pixel, above kiwi's rounding (it drops terms with coefficients under 1e-8:
# examples/deep.htll nests ratios down to 9e-10 of the height).
TOLERANCE = 1e-4
# The strength of the pushes that look for ambiguity: far weaker than priority 1.
PUSH = kiwi.strength.create(0, 0, 0.001)
# UILayoutPriority.fittingSizeLevel: how hard a table view's automatic dimension pulls a
# self-sizing cell's height down.
FITTING = 50


# How far a level's least total error may be exceeded once it is fixed (points).
SLACK = 1e-7


class Optional:
    """The optional constraints of a layout, satisfied level by level, as UIKit documents them
    (NSLayoutConstraint.priority: "Higher priority constraints are satisfied before lower
    priority constraints; however, optional constraint satisfaction is not all or nothing: the
    system minimizes abs(a - b)"). Weighing every priority into one sum, as kiwi's strengths do,
    let a few low ones outweigh a high one (two labels' hugging at 250 shrank an aspect's box
    held at 999). So: for each priority from the highest, the least sum of that level's errors
    the levels above leave, then fixed as a required bound before the next level."""

    def __init__(self, solver):
        self.solver = solver
        self.levels = {}

    def add(self, priority, left, relation, right):
        self.levels.setdefault(priority, []).append((left, relation, right))

    def solve(self):
        for priority in sorted(self.levels, reverse=True):
            errors, goals = [], []
            for left, relation, right in self.levels[priority]:
                over, under = kiwi.Variable("over"), kiwi.Variable("under")
                for e in (over, under):
                    self.solver.addConstraint((e >= 0) | kiwi.strength.required)
                if relation == "==":
                    self.solver.addConstraint((left - right == over - under) | kiwi.strength.required)
                    errors += [over, under]
                elif relation == "<=":
                    self.solver.addConstraint((left - right <= over) | kiwi.strength.required)
                    errors.append(over)
                else:
                    self.solver.addConstraint((left - right >= -under) | kiwi.strength.required)
                    errors.append(under)
            for e in errors:
                goal = (e == 0) | kiwi.strength.create(0, 1, 0)
                self.solver.addConstraint(goal)
                goals.append(goal)
            self.solver.updateVariables()
            least = sum(e.value() for e in errors)
            for goal in goals:
                self.solver.removeConstraint(goal)
            self.solver.addConstraint((sum(errors[1:], errors[0] + 0) <= least + SLACK) | kiwi.strength.required)
        self.solver.updateVariables()


class Box:
    """An item's leading, top, width and height (leading is x in the leading direction)."""

    def __init__(self, name):
        self.name = name
        # Where the first baseline lies below the top (a text view's font's ascender), or None;
        # with a line height, the text is centred: the baseline is (h - lineHeight)/2 + ascender.
        self.ascender = None
        self.line_height = None
        self.x, self.y = kiwi.Variable(name + ".x"), kiwi.Variable(name + ".y")
        self.w, self.h = kiwi.Variable(name + ".w"), kiwi.Variable(name + ".h")

    def anchor(self, attribute, width=0, rtl=False):
        """The anchor's expression; left and right are physical: in a right-to-left canvas of
        WIDTH, the left edge is WIDTH less the leading edge."""
        if attribute in ("left", "right"):
            left = width - self.x - self.w if rtl else self.x
            return left if attribute == "left" else left + self.w
        if attribute == "firstBaseline":
            if self.ascender is None:
                raise ValueError(self.name + " has no first baseline (no ascender)")
            if self.line_height is not None:
                return self.y + 0.5 * (self.h - self.line_height) + self.ascender
            return self.y + self.ascender
        return {
            "leading": self.x, "top": self.y, "width": self.w, "height": self.h,
            "trailing": self.x + self.w, "bottom": self.y + self.h,
            "centerX": self.x + 0.5 * self.w, "centerY": self.y + 0.5 * self.h,
        }[attribute]


def relate(left, relation, right):
    if relation == "==":
        return left == right
    if relation == ">=":
        return left >= right
    if relation == "<=":
        return left <= right
    raise ValueError("unknown relation " + relation)


def solve(doc):
    """The solver with the constraints of DOC: (solver, boxes, views, failures)."""
    where = "(%gx%g%s)" % (doc["width"], doc["height"], ", rtl" if doc.get("rtl") else "")
    failures = []
    width, height = doc["width"], doc["height"]
    top, left, bottom, right = doc.get("safeArea", [0, 0, 0, 0])
    rtl = bool(doc.get("rtl"))
    lead_inset = right if rtl else left
    solver = kiwi.Solver()
    optional = Optional(solver)
    boxes = {}

    def box(name):
        if name not in boxes:
            boxes[name] = Box(name)
        return boxes[name]

    def required(c):
        solver.addConstraint(c | kiwi.strength.required)

    parent = box(doc["parent"])
    for v, value in ((parent.x, 0), (parent.y, 0), (parent.w, width), (parent.h, height)):
        if v is parent.h and doc.get("selfSizing"):
            optional.add(FITTING, v, "==", 0)
        else:
            required(v == value)
    safe = box(doc["parent"] + ".safeAreaLayoutGuide")
    for v, value in ((safe.x, lead_inset), (safe.y, top), (safe.w, width - left - right), (safe.h, height - top - bottom)):
        required(v == value)
    views = [v["name"] for v in doc["views"]]
    for g in doc["guides"]:
        box(g)
    for v in doc["views"]:
        b = box(v["name"])
        b.ascender = v.get("ascender")
        b.line_height = v.get("lineHeight")
        intrinsic = v.get("intrinsic")
        if not intrinsic:
            continue
        for dim, size, axis in ((b.w, intrinsic["width"], "horizontal"), (b.h, intrinsic["height"], "vertical")):
            if size < 0:
                continue
            for relation, priority in (("<=", v["hugging"][axis]), (">=", v["compression"][axis])):
                if priority >= 1000:
                    required(relate(dim, relation, size))
                else:
                    optional.add(priority, dim, relation, size)

    def term(spec):
        name, _, attribute = spec.rpartition(".")
        if name not in boxes:
            raise ValueError("unknown item " + name)
        return boxes[name].anchor(attribute, width, rtl)

    for c in doc["constraints"]:
        left_side = term(c["first"])
        right_side = c["constant"] if c["second"] is None else c["multiplier"] * term(c["second"]) + c["constant"]
        try:
            if c["priority"] >= 1000:
                required(relate(left_side, c["relation"], right_side))
            else:
                optional.add(c["priority"], left_side, c["relation"], right_side)
        except kiwi.UnsatisfiableConstraint:
            failures.append("%s: conflict: %s (%s)" % (where, c["text"], c.get("location")))
        except kiwi.DuplicateConstraint:
            pass
    optional.solve()
    return solver, boxes, views, failures


def content_height(constraints_path):
    """The height of the parent (a self-sizing cell's content view) once solved."""
    with open(constraints_path) as f:
        doc = json.load(f)
    _, boxes, _, failures = solve(doc)
    for line in failures:
        print(line)
    return boxes[doc["parent"]].h.value()


def check(constraints_path, frames_path):
    """Returns (failures, number of views)."""
    with open(constraints_path) as f:
        doc = json.load(f)
    with open(frames_path) as f:
        frames = json.load(f)
    where = "%s (%gx%g%s)" % (frames_path, doc["width"], doc["height"], ", rtl" if doc.get("rtl") else "")
    solver, boxes, views, failures = solve(doc)
    failures = [where + ": " + f.split(": ", 1)[1] for f in failures]
    width = doc["width"]
    rtl = bool(doc.get("rtl"))
    if doc.get("selfSizing"):
        got = boxes[doc["parent"]].h.value()
        if abs(got - frames["height"]) > TOLERANCE:
            failures.append("%s: the cell's content height is %g, the frames were solved for %g" % (where, got, frames["height"]))

    expected = {v["name"]: v["frame"] for v in frames["views"]}
    if sorted(expected) != sorted(views):
        failures.append("%s: the constraints place %s, the frames %s" % (where, sorted(views), sorted(expected)))
    for name in views:
        b = boxes[name]
        x = width - b.x.value() - b.w.value() if rtl else b.x.value()
        got = (x, b.y.value(), b.w.value(), b.h.value())
        e = expected.get(name)
        if e is None:
            continue
        want = (e["x"], e["y"], e["width"], e["height"])
        if any(abs(g - w) > TOLERANCE for g, w in zip(got, want)):
            failures.append("%s: %s: constraints give %s, frames %s" % (
                where, name, tuple(round(g, 6) for g in got), want))

    # Ambiguity: a variable that moves under a push weaker than any priority is not determined.
    for name in views + list(doc["guides"]) + ([doc["parent"]] if doc.get("selfSizing") else []):
        b = boxes[name]
        for var in (b.x, b.y, b.w, b.h):
            before = var.value()
            for delta in (1.0, -1.0):
                push = (var == before + delta) | PUSH
                solver.addConstraint(push)
                solver.updateVariables()
                moved = abs(var.value() - before) > TOLERANCE
                solver.removeConstraint(push)
                solver.updateVariables()
                if moved:
                    failures.append("%s: ambiguous: %s is not determined by the constraints" % (where, var.name()))
                    break
            else:
                continue
            break
    return failures, len(views)


def main(args):
    if len(args) == 2 and args[0] == "--content-height":
        print("%.10g" % content_height(args[1]))
        return 0
    if len(args) % 2 != 0 or not args:
        print(__doc__)
        return 2
    failures, views = [], 0
    for i in range(0, len(args), 2):
        f, n = check(args[i], args[i + 1])
        failures += f
        views += n
    for line in failures:
        print(line)
    print("kiwi_check: %d canvases, %d views, %d failures" % (len(args) // 2, views, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
