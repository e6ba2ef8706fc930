package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class ReusableTest {
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    private <V> V onOtherThread(Callable<V> task) throws Exception {
        try {
            return other.submit(task).get(10, TimeUnit.SECONDS);
        } finally {
            other.shutdown();
        }
    }

    @Test
    void theFirstThreadGetsBackWhatItGaveBack() {
        Reusable<Object> kept = new Reusable<>();
        Object a = new Object();
        assertNull(kept.take());
        kept.giveBack(a);
        assertSame(a, kept.take());
        assertNull(kept.take(), "taken, so not there for a nested call");
    }

    @Test
    void anotherThreadNeitherTakesNorReplacesTheOwnersObject() throws Exception {
        Reusable<Object> kept = new Reusable<>();
        Object owners = new Object();
        Object others = new Object();
        assertNull(kept.take());
        kept.giveBack(owners);
        Object seen = onOtherThread(() -> {
            Object first = kept.take();
            kept.giveBack(others);
            return first;
        });
        assertNull(seen);
        assertSame(owners, kept.take());
    }

    @Test
    void otherThreadsShareOneSlot() throws Exception {
        Reusable<Object> kept = new Reusable<>();
        Object shared = new Object();
        kept.take();
        Object[] seen = new Object[2];
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            pool.submit(() -> kept.giveBack(shared)).get(10, TimeUnit.SECONDS);
            seen[0] = pool.submit(kept::take).get(10, TimeUnit.SECONDS);
            seen[1] = pool.submit(kept::take).get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdown();
        }
        assertSame(shared, seen[0]);
        assertNull(seen[1], "taken once");
        assertNull(kept.take(), "the owner's slot is apart from the shared one");
    }
}
