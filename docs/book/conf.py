# Sphinx's settings for the book (make htmldocs): Markdown pages read by MyST, the parser
# Debian ships as python3-myst-parser, with Sphinx's own theme, so that Debian 12's packages
# are all it needs. The book is also read as plain Markdown (on a forge, in an editor), so the
# pages use no Sphinx-only syntax except the table of contents on index.md.
import os
import re

from pygments.lexers.special import TextLexer

project = "Special K: special sections, by doing"
author = "Special K"
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"page_width": "1100px"}
html_title = project
myst_heading_anchors = 3


def labs_toctree(app, docname, source):
    """The labs are pages of their own (docs/book/labs/*.md, one per lab): listed by a glob,
    which Sphinx warns about (an error under -W) while there is none; drop it then."""
    labs = os.path.join(app.srcdir, "labs")
    if docname == "index" and not (os.path.isdir(labs) and
                                   any(f.endswith(".md") for f in os.listdir(labs))):
        source[0] = source[0].replace(":glob:\nlabs/*\n", ":glob:\n")


def lab_links(app, docname, source):
    """A chapter ends with a link to its lab's page (labs/NAME.md); a lab whose page is not
    there (a tree without the labs) is named without a link rather than a broken one."""
    def link(m):
        return m.group(0) if os.path.isfile(os.path.join(app.srcdir, m.group(2))) \
            else m.group(1)
    source[0] = re.sub(r"\[([^\]]+)\]\((labs/[\w.-]+\.md)\)", link, source[0])


def setup(app):
    # A gdb session and a monitor session are shown as they are typed, without colours.
    app.add_lexer("gdb", TextLexer)
    app.add_lexer("monitor", TextLexer)
    app.connect("source-read", labs_toctree)
    app.connect("source-read", lab_links)
