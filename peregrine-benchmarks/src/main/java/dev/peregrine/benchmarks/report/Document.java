package dev.peregrine.benchmarks.report;

import java.util.List;

/** Builds the same content as Markdown and as a standalone HTML page. */
final class Document {
    private final StringBuilder md = new StringBuilder();
    private final StringBuilder html = new StringBuilder();

    Document(String title) {
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(escape(title))
                .append("</title>\n<style>body{font-family:sans-serif;max-width:1200px;margin:auto}"
                        + "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;"
                        + "text-align:right}td:first-child{text-align:left}</style></head><body>\n");
    }

    void heading(int level, String text) {
        md.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        html.append("<h").append(level).append('>').append(escape(text)).append("</h").append(level).append(">\n");
    }

    void paragraph(String text) {
        md.append(text).append("\n\n");
        html.append("<p>").append(escape(text)).append("</p>\n");
    }

    void bullets(List<String> items) {
        html.append("<ul>\n");
        for (String item : items) {
            md.append("- ").append(item).append('\n');
            html.append("<li>").append(escape(item)).append("</li>\n");
        }
        md.append('\n');
        html.append("</ul>\n");
    }

    /**
     * Adds a table, leaving out every column whose cells are all empty, {@code absent} or "n/a".
     *
     * @param header column titles
     * @param rows cells, one array per row
     * @param absent the text of a cell with no value, or null to keep every column
     */
    void table(String[] header, List<String[]> rows, String absent) {
        List<Integer> kept = new java.util.ArrayList<>();
        for (int c = 0; c < header.length; c++) {
            if (c == 0 || absent == null || hasValue(rows, c, absent)) {
                kept.add(c);
            }
        }
        String[] h = new String[kept.size()];
        List<String[]> r = new java.util.ArrayList<>();
        for (int i = 0; i < h.length; i++) {
            h[i] = header[kept.get(i)];
        }
        for (String[] row : rows) {
            String[] cells = new String[kept.size()];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = row[kept.get(i)];
            }
            r.add(cells);
        }
        writeTable(h, r);
    }

    private static boolean hasValue(List<String[]> rows, int column, String absent) {
        for (String[] row : rows) {
            String cell = row[column];
            if (!cell.isEmpty() && !cell.equals(absent) && !cell.equals("n/a")) {
                return true;
            }
        }
        return false;
    }

    private void writeTable(String[] header, List<String[]> rows) {
        md.append('|');
        html.append("<table>\n<tr>");
        for (String h : header) {
            md.append(' ').append(h).append(" |");
            html.append("<th>").append(escape(h)).append("</th>");
        }
        md.append("\n|");
        html.append("</tr>\n");
        for (int i = 0; i < header.length; i++) {
            md.append(i == 0 ? " --- |" : " ---: |");
        }
        md.append('\n');
        for (String[] row : rows) {
            md.append('|');
            html.append("<tr>");
            for (String cell : row) {
                md.append(' ').append(cell.replace("|", "\\|")).append(" |");
                html.append("<td>").append(escape(cell)).append("</td>");
            }
            md.append('\n');
            html.append("</tr>\n");
        }
        md.append('\n');
        html.append("</table>\n");
    }

    void image(String file, String alt) {
        md.append("![").append(alt).append("](").append(file).append(")\n\n");
        html.append("<p><img src=\"").append(escape(file)).append("\" alt=\"").append(escape(alt))
                .append("\"></p>\n");
    }

    String markdown() {
        return md.toString();
    }

    String html() {
        return html + "</body></html>\n";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
