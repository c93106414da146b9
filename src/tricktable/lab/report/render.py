"""A report written out: one self-contained HTML page (plots embedded as data URIs) and Markdown (plots as PNG
files beside it, in ``plots/``)."""

from __future__ import annotations

import base64
import html
from pathlib import Path

from tricktable.lab.report.model import Figure, Report, Table, Text

STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .85rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
caption { caption-side: top; text-align: left; font-weight: 600; padding: .3rem 0; }
figure { margin: 1rem 0; } figure img { max-width: 100%; } figcaption { font-size: .85rem; color: #555; }
.note { font-size: .85rem; color: #555; } .findings li { margin: .3rem 0; } .facts { color: #444; }
"""


def to_html(report: Report) -> str:
    out = ["<!doctype html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{html.escape(report.title)}</title><style>{STYLE}</style></head><body>",
           f"<h1>{html.escape(report.title)}</h1>", '<ul class="facts">',
           *[f"<li>{html.escape(fact)}</li>" for fact in report.facts], "</ul>",
           "<h2>Findings</h2>", '<ul class="findings">',
           *[f"<li>{html.escape(f)}</li>" for f in report.findings], "</ul>"]  # fmt: skip
    for section in report.sections:
        out.append(f"<h2>{html.escape(section.title)}</h2>")
        for block in section.blocks:
            if isinstance(block, Text):
                out.append(f"<p>{html.escape(block.text)}</p>")
            elif isinstance(block, Table):
                out.append(_html_table(block))
            else:
                data = base64.b64encode(block.png).decode("ascii")
                caption = f"<figcaption>{html.escape(block.caption)}</figcaption>" if block.caption else ""
                out.append(f'<figure><img alt="{html.escape(block.title)}" src="data:image/png;base64,{data}">'
                           f"{caption}</figure>")  # fmt: skip
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in table.header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in table.rows)
    note = f'<p class="note">{html.escape(table.note)}</p>' if table.note else ""
    return f"<table><caption>{html.escape(table.title)}</caption><tr>{head}</tr>{body}</table>{note}"


def to_markdown(report: Report, plots: str = "plots") -> str:
    out = [f"# {report.title}", "", *[f"* {fact}" for fact in report.facts], "", "## Findings", "",
           *[f"* {f}" for f in report.findings], ""]  # fmt: skip
    for section in report.sections:
        out += [f"## {section.title}", ""]
        for block in section.blocks:
            if isinstance(block, Text):
                out += [block.text, ""]
            elif isinstance(block, Table):
                out += [f"**{block.title}**", "", _md_row(block.header), _md_row(["---"] * len(block.header))]
                out += [_md_row(row) for row in block.rows]
                out += ["", *([f"*{block.note}*", ""] if block.note else [])]
            else:
                out += [f"![{block.title}]({plots}/{block.name}.png)", ""]
    return "\n".join(out)


def _md_row(cells: list[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def write(report: Report, directory: Path) -> tuple[Path, Path]:
    """Write ``report.html`` and ``report.md`` (with ``plots/*.png``) into ``directory``."""
    plots = directory / "plots"
    plots.mkdir(parents=True, exist_ok=True)
    for section in report.sections:
        for block in section.blocks:
            if isinstance(block, Figure):
                (plots / f"{block.name}.png").write_bytes(block.png)
    page, text = directory / "report.html", directory / "report.md"
    page.write_text(to_html(report), encoding="utf-8")
    text.write_text(to_markdown(report), encoding="utf-8")
    return page, text
