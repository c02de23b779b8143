#!/usr/bin/env python3
"""Counts the real product-code repetition of issue 26 item 6: the pairs `duplicates` (the workplace
tool) lists whose two sides each share six or more non-import lines, boilerplate rows, tests, e2e, bench,
migrations and reference scripts aside. Usage: python3 scripts/duplicates-count.py [root]."""
import re, subprocess, sys, os
root = sys.argv[1] if len(sys.argv) > 1 else '.'
out = subprocess.run(['duplicates', '--most', '200', '--seconds', '300', '--repo', root], capture_output=True, text=True).stdout
EXCL = re.compile(r'(\.test\.|\.spec\.|e2e/|/test/|/tests/|bench/|drizzle/|migrations|reference/|\.sql|\.html)')
def import_lines(path):
    try: lines = open(os.path.join(root, path)).read().split('\n')
    except Exception: return set()
    inside, res = False, set()
    for i, l in enumerate(lines, 1):
        s = l.strip()
        if s.startswith('import ') or s.startswith('export {') and ' from ' not in s and not s.endswith(';'):
            inside = not re.search(r"from ['\"]", s) and not s.endswith(';')
            res.add(i); continue
        if inside:
            res.add(i)
            if re.search(r"from ['\"]", s) or s.endswith(';'): inside = False
    return res
rows = []
for line in out.splitlines():
    m = re.match(r'^(D\d+) (\S+):(\d+)-(\d+) ~ (\S+):(\d+)-(\d+)(.*)$', line)
    if not m: continue
    d, a, a1, a2, b, b1, b2, rest = m.groups()
    if 'boilerplate' in rest or EXCL.search(a) or EXCL.search(b): continue
    ia = import_lines(a); ib = import_lines(b)
    # The issue counts pairs sharing six or more NON-import lines (duplicates passes over one-line
    # imports only, not the lines inside a multi-line import block): count each side's code lines.
    def code_lines(path, lo, hi, imp):
        try: lines = open(os.path.join(root, path)).read().split('\n')
        except Exception: return 0
        n = 0
        for i in range(lo, hi + 1):
            t = lines[i - 1].strip() if i - 1 < len(lines) else ''
            if i in imp or not t or t.startswith('//') or t.startswith('*') or t.startswith('/*'): continue
            if re.fullmatch(r'[\[\]{}()<>/;,.]*', t): continue
            n += 1
        return n
    if code_lines(a, int(a1), int(a2), ia) < 6 or code_lines(b, int(b1), int(b2), ib) < 6:
        continue
    rows.append(line)
print(len(rows), 'real pairs')
for r in rows: print(r)
