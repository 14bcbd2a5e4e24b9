"""HTTP/1.1 over a plain socket, for requests an HTTP client would tidy up before sending (httpx
removes `..` segments and re-encodes the path), and the real serving layout in a scratch folder."""
from __future__ import annotations

import os
import shutil
import socket
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SECRET = "not-for-the-web-5d1c"               # in files beside site/: must never be in an answer


@dataclass
class RawResponse:
    status: int | None                        # None: the server closed the connection without answering
    headers: list[tuple[str, str]]            # names lower-cased, in order, repeated ones kept
    body: bytes

    def header(self, name: str) -> list[str]:
        return [value for key, value in self.headers if key == name.lower()]


def raw_request(port: int, target: str | bytes, *, method: str = "GET", headers: dict[str, str] | None = None,
                body: bytes = b"", source: str | None = None, timeout: float = 10) -> RawResponse:
    """Send `METHOD target HTTP/1.1` exactly as given (Host 127.0.0.1, Connection: close) and read
    the whole answer. Connecting fails loudly (ConnectionRefusedError) when nothing listens."""
    target = target.encode("latin-1") if isinstance(target, str) else target
    lines = [method.encode() + b" " + target + b" HTTP/1.1"]
    for name, value in {"Host": "127.0.0.1", "Connection": "close", **(headers or {})}.items():
        lines.append(f"{name}: {value}".encode("latin-1"))
    request = b"\r\n".join(lines) + b"\r\n\r\n" + body
    with socket.create_connection(("127.0.0.1", port), timeout=timeout,
                                  source_address=(source, 0) if source else None) as connection:
        connection.sendall(request)
        received = b""
        while True:
            try:
                chunk = connection.recv(1 << 16)
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
    if not received:
        return RawResponse(None, [], b"")
    head, _, content = received.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = []
    for line in header_lines:
        name, _, value = line.partition(":")
        headers.append((name.strip().lower(), value.strip()))
    if ("transfer-encoding", "chunked") in headers:
        content = dechunk(content)
    return RawResponse(int(status_line.split()[1]), headers, content)


def dechunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, data = out + data[:size], data[size + 2:]
    return out


def link_tree(source: Path, target: Path) -> None:
    """A copy of `source` made of hard links: the same files, instantly, without touching them."""
    shutil.copytree(source, target, copy_function=os.link)


def real_layout(tmp: Path, site: Path) -> Path:
    """A project root as `rulebook build` leaves it: site/ (the built site), build/search-index/
    beside it (the private index, with its real meta.json), and files that must never be served:
    a secret beside site/, and a symlink inside site/ pointing at it. Returns the root."""
    root = tmp / "root"
    root.mkdir()
    link_tree(site, root / "site")
    link_tree(ROOT / "build" / "search-index", root / "build" / "search-index")
    (root / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (root / "build" / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (root / "site" / "en" / "leak.txt").symlink_to(root / "secret.txt")
    (root / "site" / "en" / "leak-dir").symlink_to(root / "build", target_is_directory=True)
    return root


def remove_layout(root: Path) -> None:
    """Delete what real_layout made (the links, not the files they share with the site), in the
    fixture's teardown: pytest would otherwise keep ~11,000 entries and delete them at the end of a
    later session, in its serial finish."""
    shutil.rmtree(root, ignore_errors=True)
