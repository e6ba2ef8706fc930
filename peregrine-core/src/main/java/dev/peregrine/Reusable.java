package dev.peregrine;

import java.util.concurrent.atomic.AtomicReference;

/**
 * One object kept between calls for reuse (a context, a scratch array), taken by one call at a time
 * and given back after; a call that finds none makes its own. The first thread to take it becomes
 * its owner for good and takes and gives back with plain reads and writes; other threads hand one
 * object over through an atomic slot.
 *
 * <p>Why this shape: an atomic exchange is a full fence on x86, which waits for every store before
 * it (a whole decoded object's fields) to drain; on small payloads that was a tenth of a decode. A
 * {@code ThreadLocal} would avoid it but keep an object per thread alive in every thread that ever
 * used the codec, virtual threads included. Here only the owner thread's object is held, plus one
 * shared object; a pool's other threads pay the exchange as before. The owner field pins the
 * {@code Thread} object (not its thread-locals, which the JDK clears when a thread ends).
 *
 * @param <V> the kind of object kept
 */
final class Reusable<V> {
    /** The owner's slot: written once, then read and written by the owner thread alone. */
    private static final class Owned<V> {
        final Thread owner;
        V value;

        Owned(Thread owner) {
            this.owner = owner;
        }
    }

    /** The slot before any thread has taken: owned by no thread, so every take goes past it. */
    private static final Owned<?> NOBODY = new Owned<>(null);

    /**
     * Perf: a plain field, read without a barrier. A thread that reads a stale {@link #NOBODY} goes
     * on to {@link #claim}, whose lock shows it the owner; one that reads the owner's slot sees its
     * final {@code owner} whatever the race, so no thread but the owner touches {@code value}.
     */
    @SuppressWarnings("unchecked")
    private Owned<V> owned = (Owned<V>) NOBODY;
    private final AtomicReference<V> shared = new AtomicReference<>();

    /**
     * Perf: this method and {@link #giveBack} stay under 35 bytecodes, C2's limit for inlining a
     * method whatever its call counts.
     *
     * @return the kept object, now the caller's until {@link #giveBack}, or null when there is none
     */
    V take() {
        Owned<V> o = owned;
        if (o.owner == Thread.currentThread()) {
            // Plain reads and writes: only this thread touches the owner's slot.
            V v = o.value;
            o.value = null;
            return v;
        }
        return takeOtherwise();
    }

    /**
     * The first take of all, which makes this thread the owner, or a take by another thread, which
     * takes the lock only while the slot looks unowned.
     */
    private V takeOtherwise() {
        if (owned == NOBODY && claim().owner == Thread.currentThread()) {
            return null;
        }
        return shared.getAndSet(null);
    }

    /**
     * Keeps an object for the next {@link #take}.
     *
     * @param v an object taken from here or made by the caller, in a state fit for reuse
     */
    void giveBack(V v) {
        Owned<V> o = owned;
        if (o.owner == Thread.currentThread()) {
            o.value = v;
        } else {
            shared.setRelease(v);
        }
    }

    /** @return the owner's slot, made for this thread when there is none yet */
    private synchronized Owned<V> claim() {
        Owned<V> o = owned;
        if (o == NOBODY) {
            o = new Owned<>(Thread.currentThread());
            owned = o;
        }
        return o;
    }
}
