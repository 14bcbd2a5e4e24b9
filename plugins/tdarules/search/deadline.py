"""One CPU deadline for a whole search request.

Every step of a query (normalisation, the keyboard-layout reading, typo correction, learned
evidence, scoring, "did you mean", snippets) checks the same deadline, set once where the request
starts (:func:`budget`). A step that finds it passed answers with what it has (the words corrected
so far, no learned evidence, no suggestion, snippets without highlights), so no query costs much more
than the budget, whatever it holds. The clock is the thread's CPU time: a query waiting for the GIL
or the scheduler is not charged for it. Outside a budget (the index build, training, tests of one
step) nothing ever expires.
"""
from __future__ import annotations

import contextvars
import time
from collections.abc import Iterator
from contextlib import contextmanager

_END: contextvars.ContextVar[float | None] = contextvars.ContextVar("search_deadline", default=None)


@contextmanager
def budget(seconds: float) -> Iterator[float]:
    """Run the block under a deadline ``seconds`` of CPU time from now. Inside an outer budget the
    outer deadline holds: a search run by the suggestion step spends the request's budget, not a
    new one."""
    outer = _END.get()
    end = outer if outer is not None else time.thread_time() + seconds
    token = _END.set(end)
    try:
        yield end
    finally:
        _END.reset(token)


@contextmanager
def suspended() -> Iterator[None]:
    """One-time work done inside a request (opening a language's index, loading its dictionary, its
    stored fields) is not charged to that request: the deadline moves on by what it cost. A server
    does this work before its first query (``Engine.warm``); an engine opened on demand does not."""
    end = _END.get()
    if end is None:
        yield
        return
    start = time.thread_time()
    token = _END.set(None)
    try:
        yield
    finally:
        _END.reset(token)
        _END.set(end + time.thread_time() - start)


def expired() -> bool:
    """Whether the current request's deadline has passed (never, outside a budget)."""
    end = _END.get()
    return end is not None and time.thread_time() > end
