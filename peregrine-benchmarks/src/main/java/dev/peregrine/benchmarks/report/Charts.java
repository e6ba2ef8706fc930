package dev.peregrine.benchmarks.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/** Bar charts of the report, rendered to PNG with XChart. */
final class Charts {
    private Charts() {
    }

    /**
     * Renders one grouped bar chart.
     *
     * @param file the PNG to write, without the {@code .png} suffix
     * @param title chart title
     * @param yTitle y axis title
     * @param categories x axis labels (peers)
     * @param seriesNames one name per series
     * @param series one list of values per series, aligned with the categories (0 where missing)
     * @throws IOException if the file cannot be written
     */
    static void bars(Path file, String title, String yTitle, List<String> categories, List<String> seriesNames,
            List<List<Double>> series) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(900).height(420).title(title).yAxisTitle(yTitle)
                .build();
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setLegendVisible(seriesNames.size() > 1);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        for (int i = 0; i < seriesNames.size(); i++) {
            chart.addSeries(seriesNames.get(i), categories, series.get(i));
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
