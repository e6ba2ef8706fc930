package dev.peregrine;

import java.lang.reflect.Method;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Feeds one input to a decoder and checks the contract: it decodes or throws a
 * {@link PeregrineException}, within a time bound, allocating no more than the read's budget.
 * Shared with {@code peregrine-fuzz} through the core's test jar.
 */
public final class HostileInput {
    // Reached reflectively: the tests compile inside module dev.peregrine, which does not read java.management.
    private static final Object THREADS;
    private static final Method ALLOCATED_BYTES;

    static {
        try {
            THREADS = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean").invoke(null);
            ALLOCATED_BYTES = Class.forName("com.sun.management.ThreadMXBean")
                    .getMethod("getThreadAllocatedBytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
    /** Allocation the decode path may make beyond the budget's accounting (contexts, readers, exceptions). */
    private static final long OVERHEAD = 256 * 1024;
    private static final long TIME_BOUND_NANOS = 2_000_000_000L;

    private HostileInput() {
    }

    /** Budget of a read of {@code length} bytes under the default limits. */
    public static long budget(int length) {
        return dev.peregrine.codec.Limits.DEFAULT.allocationBudget(length) + OVERHEAD;
    }

    /** Decodes {@code input} with {@code p} and checks the contract; returns the outcome for messages. */
    public static Object check(Peregrine p, byte[] input) {
        return check(p::deserialize, input);
    }

    /**
     * Decodes {@code input} with {@code decode} (a {@code Codec}'s, say) and checks the contract;
     * returns the outcome for messages.
     */
    public static Object check(java.util.function.Function<byte[], ?> decode, byte[] input) {
        long allocatedBefore = allocatedBytes();
        long start = System.nanoTime();
        Object outcome;
        try {
            outcome = decode.apply(input);
        } catch (PeregrineException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
            outcome = e;
        } catch (Throwable t) {
            fail("escaped the contract on " + hex(input) + ": " + t, t);
            return null;
        }
        long elapsed = System.nanoTime() - start;
        long allocated = allocatedBytes() - allocatedBefore;
        assertTrue(elapsed < TIME_BOUND_NANOS, "took " + elapsed / 1_000_000 + " ms on " + hex(input));
        long limit = budget(input.length);
        assertTrue(allocated <= limit, "allocated " + allocated + " bytes, budget " + limit + ", on " + hex(input));
        return outcome;
    }

    private static long allocatedBytes() {
        try {
            return (long) ALLOCATED_BYTES.invoke(THREADS, Thread.currentThread().getId());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code body} on a thread with a small stack, rethrowing what it throws. */
    public static void onSmallStack(Runnable body) throws InterruptedException {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "small-stack", 256 * 1024);
        t.start();
        t.join();
        if (failure.get() != null) {
            throw new AssertionError("on a 256 KiB stack", failure.get());
        }
    }

    public static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(b.length, 64); i++) {
            s.append(String.format("%02x", b[i]));
        }
        return b.length > 64 ? s + "...(" + b.length + " bytes)" : s.toString();
    }
}
