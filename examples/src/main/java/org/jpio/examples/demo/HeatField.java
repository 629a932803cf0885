package org.jpio.examples.demo;

/**
 * The physics of the heat demo, shared by the distributed run and the serial reference so that both
 * evaluate every cell with the same operations in the same order (hence bit-identical results whatever
 * the decomposition): an explicit 7-point stencil for du/dt = alpha * laplace(u) with u = 0 outside the
 * box (Dirichlet), on blocks stored C order with one ghost layer.
 */
public final class HeatField {
    /** Diffusion number alpha * dt / dx^2; explicit 3-D stepping is stable below 1/6. */
    public static final double ALPHA = 0.12;

    private HeatField() { }

    /** Initial temperature at global cell (i, j, k): a hot cube in the middle on a mildly textured background. */
    public static double initial(int i, int j, int k, int[] shape) {
        boolean hot = true;
        int[] at = {i, j, k};
        for (int d = 0; d < 3; d++) hot &= Math.abs(2 * at[d] - shape[d]) < Math.max(2, shape[d] / 4);
        return (hot ? 100.0 : 0.0) + ((i * 31 + j * 17 + k * 7) % 13) / 13.0;
    }

    /**
     * One step over the interior of a padded block: {@code next} gets the new values of the
     * {@code interior}-shaped cells of {@code u} (padded by one on each side); ghosts of {@code next} are
     * not written.
     */
    public static void step(double[] u, double[] next, int[] interior) {
        int p1 = interior[1] + 2, p2 = interior[2] + 2, s0 = p1 * p2;
        for (int i = 1; i <= interior[0]; i++)
            for (int j = 1; j <= interior[1]; j++) {
                int row = (i * p1 + j) * p2;
                for (int k = 1; k <= interior[2]; k++) {
                    int c = row + k;
                    double lap = ((u[c - s0] + u[c + s0]) + (u[c - p2] + u[c + p2])) + (u[c - 1] + u[c + 1]) - 6 * u[c];
                    next[c] = u[c] + ALPHA * lap;
                }
            }
    }

    /** The whole field after {@code steps} steps, computed serially: C order over {@code shape}, no ghosts. */
    static double[] reference(int[] shape, int steps) {
        int p1 = shape[1] + 2, p2 = shape[2] + 2;
        double[] u = new double[(shape[0] + 2) * p1 * p2], v = new double[u.length];
        for (int i = 0; i < shape[0]; i++)
            for (int j = 0; j < shape[1]; j++)
                for (int k = 0; k < shape[2]; k++) u[((i + 1) * p1 + j + 1) * p2 + k + 1] = initial(i, j, k, shape);
        for (int s = 0; s < steps; s++) {
            step(u, v, shape);
            double[] t = u; u = v; v = t;
        }
        double[] out = new double[shape[0] * shape[1] * shape[2]];
        for (int i = 0; i < shape[0]; i++)
            for (int j = 0; j < shape[1]; j++)
                System.arraycopy(u, ((i + 1) * p1 + j + 1) * p2 + 1, out, (i * shape[1] + j) * shape[2], shape[2]);
        return out;
    }
}
