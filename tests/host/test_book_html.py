#!/usr/bin/python3
"""The book as HTML (make htmldocs): Sphinx builds it with warnings as errors, and two of its
pages, the first and the one that embeds the memory map, are opened in headless Chromium:
the page must render (a screenshot that is not one flat colour) and every link and picture
of the page that stays inside the book must lead to a file that exists, and to an id that
exists in it when the link names one (#fragment).

Chromium reads the page as a browser does (--dump-dom: the document after parsing), so a
link is what a reader would click. The screenshot is read with Debian's Pillow.

Run: /usr/bin/python3 tests/host/test_book_html.py [--build DIR]
Prints KTAP (one suite, "book_html"); exit status 0 iff every case passed.
"""

import argparse
import os
import subprocess
import sys
import urllib.parse
from html.parser import HTMLParser

import PIL.Image

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "scripts", "lib"))
from sklib import ktap_writer  # noqa: E402

PAGES = ("index.html", "01-segments-and-sections.html")
CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--window-size=1280,900"]


class Links(HTMLParser):
    """The targets a page points at (a href, img src, link href, script src), and its ids."""

    def __init__(self):
        super().__init__()
        self.targets, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for key in {"a": ("href",), "img": ("src",), "link": ("href",),
                    "script": ("src",)}.get(tag, ()):
            if a.get(key):
                self.targets.append((tag, a[key]))


def parse(text):
    p = Links()
    p.feed(text)
    return p


def chromium(args, timeout=120):
    r = subprocess.run(CHROMIUM + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=timeout)
    if r.returncode:
        raise AssertionError("chromium %s: status %d: %s" % (
            " ".join(args), r.returncode, r.stderr.decode(errors="replace")[-800:]))
    return r.stdout.decode(errors="replace")


OPENED = {}


def open_page(html_dir, page, shots):
    """(the DOM, the screenshot's path) of page, from one Chromium for both (each start costs
    seconds): the first case of a page opens it, the other reads what it got. An older
    screenshot is removed first: only this Chromium's may be judged."""
    if page not in OPENED:
        shot = os.path.join(shots, page + ".png")
        if os.path.exists(shot):
            os.remove(shot)
        OPENED[page] = (chromium(["--dump-dom", "--screenshot=" + shot,
                                  "file://" + os.path.join(html_dir, page)]), shot)
    return OPENED[page]


def check_links(case, html_dir, page, shots):
    dom = parse(open_page(html_dir, page, shots)[0])
    case.expect(dom.targets, "%s: Chromium's DOM has no link at all" % page)
    internal = 0
    for tag, target in dom.targets:
        parts = urllib.parse.urlsplit(target)
        if parts.scheme in ("http", "https", "mailto"):
            continue
        internal += 1
        if parts.scheme == "file":
            path = parts.path
        elif parts.path:
            path = os.path.normpath(os.path.join(html_dir, os.path.dirname(page),
                                                 urllib.parse.unquote(parts.path)))
        else:
            path = os.path.join(html_dir, page)
        if not case.expect(os.path.isfile(path), "%s: <%s> %s leads to no file (%s)"
                           % (page, tag, target, path)):
            continue
        if parts.fragment and path.endswith(".html"):
            with open(path, encoding="utf-8") as f:
                ids = parse(f.read()).ids
            case.expect(parts.fragment in ids, "%s: <%s> %s: %s has no id %r"
                        % (page, tag, target, os.path.basename(path), parts.fragment))
    case.notes.append("%s: %d internal links and pictures, each found" % (page, internal))


def check_render(case, html_dir, page, shots):
    shot = open_page(html_dir, page, shots)[1]
    with PIL.Image.open(shot) as img:
        grey = img.convert("L")
        histogram = grey.histogram()
        size = grey.size[0] * grey.size[1]
    background = max(histogram)
    inked = size - background
    case.expect(size > 0 and inked * 100 >= size, "%s: the screenshot is blank: %d of %d "
                "pixels differ from the background" % (page, inked, size))
    case.expect(histogram[0] + histogram[1] + sum(histogram[2:80]) > 0,
                "%s: the screenshot has no dark pixel (no text)" % page)
    case.notes.append("%s: %dx%d screenshot, %d%% of its pixels not background (%s)"
                      % (page, grey.size[0], grey.size[1], inked * 100 // size, shot))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.environ.get("O") or os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build)
    html_dir = os.path.join(build, "htmldocs")
    shots = os.path.join(build, "book")
    os.makedirs(shots, exist_ok=True)

    def build_html(case):
        r = subprocess.run(["make", "--no-print-directory", "O=" + build, "htmldocs"], cwd=ROOT,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        out = r.stdout.decode(errors="replace")
        case.expect(r.returncode == 0, "make htmldocs (sphinx-build -W) failed:\n" + out[-3000:])
        pages = [f for f in os.listdir(html_dir) if f.endswith(".html")] if r.returncode == 0 \
            else []
        for sub in ("labs",):
            if os.path.isdir(os.path.join(html_dir, sub)):
                pages += [sub + "/" + f for f in os.listdir(os.path.join(html_dir, sub))
                          if f.endswith(".html")]
        case.notes.append("%d HTML pages in %s" % (len(pages), html_dir))

    checks = [("htmldocs_builds_with_warnings_as_errors", build_html)]
    for page in PAGES:
        name = page[:-5].replace("-", "_")
        checks.append(("renders_" + name, lambda c, p=page: check_render(c, html_dir, p, shots)))
        checks.append(("links_resolve_" + name,
                       lambda c, p=page: check_links(c, html_dir, p, shots)))
    return ktap_writer.run_cases("book_html", checks)


if __name__ == "__main__":
    sys.exit(main())
