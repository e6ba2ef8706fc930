package dev.peregrine.codec;

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
 * used the codec, virtual threads included. Here only the owner's object is held, plus one shared
 * object; a pool's other threads pay the exchange as before. The owner is known by its thread id,
 * not its {@code Thread}, so a finished owner (its context class loader, a virtual thread's stack)
 * is not kept reachable.
 *
 * <p>Limits, by choice: ownership is never handed on. When the owner is a thread that calls once
 * and ends (a start-up thread, a virtual thread per task), every later call takes the shared path,
 * at the cost of the exchange and one more comparison, and the owner's last object stays held, one
 * object, until the {@code Reusable} itself is unreachable.
 *
 * @param <V> the kind of object kept
 */
public final class Reusable<V> {
    /** The owner's slot: written once, then read and written by the owner thread alone. */
    private static final class Owned<V> {
        /** The owner's {@link Thread#getId()}; ids are positive. */
        final long owner;
        V value;

        Owned(long owner) {
            this.owner = owner;
        }
    }

    /** The slot before any thread has taken: owned by no thread, so every take goes past it. */
    private static final Owned<?> NOBODY = new Owned<>(-1);

    /**
     * Perf: a plain field, read without a barrier. A thread that reads a stale {@link #NOBODY} goes
     * on to {@link #claim}, whose lock shows it the owner; one that reads the owner's slot sees its
     * final {@code owner} whatever the race, so no thread but the owner touches {@code value}. (The
     * JDK may give a finished thread's id to a new thread; HotSpot never does, and the new thread
     * would find only an object the finished one no longer uses.)
     */
    @SuppressWarnings("unchecked")
    private Owned<V> owned = (Owned<V>) NOBODY;
    private final AtomicReference<V> shared = new AtomicReference<>();

    /**
     * Perf: this method, {@link #giveBack} and {@link #isOwner} stay within 35 bytecodes, C2's
     * limit for inlining a method whatever its call counts.
     *
     * @return the kept object, now the caller's until {@link #giveBack}, or null when there is none
     */
    public V take() {
        Owned<V> o = owned;
        if (isOwner(o)) {
            // Plain reads and writes: only this thread touches the owner's slot.
            V v = o.value;
            o.value = null;
            return v;
        }
        return takeOtherwise();
    }

    private static boolean isOwner(Owned<?> o) {
        return o.owner == Thread.currentThread().getId();
    }

    /**
     * The first take of all, which makes this thread the owner, or a take by another thread, which
     * takes the lock only while the slot looks unowned. Either takes what the shared slot holds (an
     * object given back before there was an owner, for the new owner).
     */
    private V takeOtherwise() {
        if (owned == NOBODY) {
            claim();
        }
        return shared.getAndSet(null);
    }

    /**
     * Keeps an object for the next {@link #take}.
     *
     * @param v an object taken from here or made by the caller, in a state fit for reuse
     */
    public void giveBack(V v) {
        Owned<V> o = owned;
        if (isOwner(o)) {
            o.value = v;
        } else {
            shared.setRelease(v);
        }
    }

    /** Makes this thread the owner when there is none yet. */
    private synchronized void claim() {
        if (owned == NOBODY) {
            owned = new Owned<>(Thread.currentThread().getId());
        }
    }
}
