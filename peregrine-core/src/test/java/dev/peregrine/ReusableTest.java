package dev.peregrine;

import dev.peregrine.codec.Reusable;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReusableTest {
    private final ExecutorService other = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopOtherThread() {
        other.shutdown();
    }

    private <V> V onOtherThread(Callable<V> task) throws Exception {
        return other.submit(task).get(10, TimeUnit.SECONDS);
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

    @Test
    void anObjectGivenBackBeforeAnyTakeGoesToTheFirstTaker() {
        Reusable<Object> kept = new Reusable<>();
        Object a = new Object();
        kept.giveBack(a);
        assertSame(a, kept.take());
        kept.giveBack(a);
        assertSame(a, kept.take(), "the first taker now owns the slot");
    }

    @Test
    void anOwnerThatEndedLeavesTheSharedSlotWorking() throws Exception {
        Reusable<Object> kept = new Reusable<>();
        Object owners = new Object();
        Thread owner = new Thread(() -> {
            kept.take();
            kept.giveBack(owners);
        });
        owner.start();
        owner.join(10_000);
        Object mine = new Object();
        assertNull(kept.take(), "the ended owner's object is not handed on");
        kept.giveBack(mine);
        assertSame(mine, kept.take());
    }

    /** Threads released at once on a new slot: no object may be held by two of them at a time. */
    @Test
    void noObjectIsHeldByTwoThreadsAtOnce() throws Exception {
        Reusable<Object> kept = new Reusable<>();
        Set<Object> held = ConcurrentHashMap.newKeySet();
        AtomicInteger reused = new AtomicInteger();
        ConcurrencyTest.runAtOnce(t -> {
            for (int i = 0; i < 20_000; i++) {
                Object v = kept.take();
                if (v == null) {
                    v = new Object();
                } else {
                    reused.incrementAndGet();
                }
                assertTrue(held.add(v), "an object held by two threads");
                Thread.yield();
                held.remove(v);
                kept.giveBack(v);
            }
        });
        assertTrue(reused.get() > 0, "objects given back were taken again");
    }
}
