"""Files users edit are written aside and renamed: a write that fails midway (a full disk) leaves the
old file byte-identical, no stray temporary file, and one line naming the file that was not written."""
from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from lxml import etree

from tdarules.loader import load_rulebook
from tdarules.xliff import XLIFF_NS, export_xliff

ROOT = Path(__file__).resolve().parents[1]
NS = {"x": XLIFF_NS}
ENOSPC = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def project(tmp_path):
    shutil.copytree(ROOT / "rulebook", tmp_path / "rulebook")
    return tmp_path


@pytest.fixture
def disk_full(monkeypatch, tmp_path):
    """The test's folder (its disk) fills after `room[0]` more bytes: every later write there fails with
    ENOSPC, through os.write and Path.write_text alike (the file opened, truncated, partly written), as on
    a real full disk. Writes elsewhere (the system's temporary folder) still succeed."""
    room = [16_384]
    monkeypatch.setenv("TDA_YAML_CACHE", "off")          # the parse cache's own writes would use up the room
    real_write = os.write
    inside = str(tmp_path) + os.sep

    def on_full_disk(name: str) -> bool:
        return os.path.realpath(name).startswith(inside)

    def write(fd, data):
        try:
            name = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            name = ""
        if not on_full_disk(name):
            return real_write(fd, data)
        if room[0] <= 0:
            raise ENOSPC
        n = min(len(data), room[0])
        room[0] -= n
        return real_write(fd, bytes(data[:n]))

    real_write_text, real_write_bytes = Path.write_text, Path.write_bytes

    def path_write(real):
        def replacement(self, data, *args, **kwargs):
            if not on_full_disk(str(self)):
                return real(self, data, *args, **kwargs)
            raw = data.encode(kwargs.get("encoding") or "utf-8") if isinstance(data, str) else bytes(data)
            with open(self, "wb") as handle:
                handle.write(raw[:max(room[0], 0)])
            room[0] = 0
            raise ENOSPC
        return replacement

    monkeypatch.setattr(os, "write", write)
    monkeypatch.setattr(Path, "write_text", path_write(real_write_text))
    monkeypatch.setattr(Path, "write_bytes", path_write(real_write_bytes))
    return room


def _leftovers(folder: Path, before: set[str]) -> set[str]:
    return {p.name for p in folder.iterdir()} - before


def test_write_atomic_keeps_the_old_file_when_the_disk_fills(tmp_path, disk_full):
    from tdarules.atomic import WriteError, write_atomic
    target = tmp_path / "data.yaml"
    old = b"old: contents\n" * 10
    with open(target, "wb") as handle:
        handle.write(old)
    names = {p.name for p in tmp_path.iterdir()}
    with pytest.raises(WriteError) as failed:
        write_atomic(target, "new: contents\n" * 100_000)
    assert target.read_bytes() == old
    assert not _leftovers(tmp_path, names)
    message = str(failed.value)
    assert str(target) in message and "No space left on device" in message and "\n" not in message
    assert isinstance(failed.value, OSError) and failed.value.errno == errno.ENOSPC


def test_write_atomic_replaces_and_keeps_the_mode(tmp_path):
    from tdarules.atomic import write_atomic
    target = tmp_path / "data.yaml"
    target.write_text("old\n", encoding="utf-8")
    os.chmod(target, 0o640)
    write_atomic(target, "новое\n")
    assert target.read_text(encoding="utf-8") == "новое\n"
    assert (target.stat().st_mode & 0o777) == 0o640
    write_atomic(tmp_path / "fresh.yaml", b"x")
    assert (tmp_path / "fresh.yaml").read_bytes() == b"x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data.yaml", "fresh.yaml"]


def test_write_atomic_writes_through_a_symlink(tmp_path):
    from tdarules.atomic import write_atomic
    real = tmp_path / "real.yaml"
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    write_atomic(link, "new\n")
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new\n"


def _edited_export(project: Path) -> Path:
    tree = etree.fromstring(export_xliff(load_rulebook(project), "ru"))
    tree.find(".//x:trans-unit[@id='38:1']/x:target", NS).text = "Бёрн-карта защищает стаб. Новый перевод."
    path = project / "ru.xlf"
    with open(path, "wb") as handle:
        handle.write(etree.tostring(tree, xml_declaration=True, encoding="UTF-8"))
    return path


def test_import_translation_on_a_full_disk_leaves_the_yaml_intact(project, disk_full, capsys):
    from tdarules.cli import main
    path = _edited_export(project)
    yaml = project / "rulebook/2024/ru.yaml"
    old = yaml.read_bytes()
    names = {p.name for p in yaml.parent.iterdir()}
    disk_full[0] = 16_384
    code = main(["import-translation", str(path), "--root", str(project)])
    out = capsys.readouterr()
    assert code == 1
    assert yaml.read_bytes() == old
    assert not _leftovers(yaml.parent, names)
    lines = [l for l in (out.out + out.err).splitlines() if l.strip()]
    [line] = [l for l in lines if "not written" in l]
    assert "rulebook/2024/ru.yaml" in line and "No space left on device" in line
    assert "Traceback" not in out.err


def test_review_file_on_a_full_disk_is_left_intact(project, disk_full):
    from tdarules.atomic import WriteError
    from tdarules.qa.review_file import record_fingerprints, review_path
    review = review_path(project, "ru")
    text = review.read_text(encoding="utf-8")
    kept = "\n".join(l for l in text.splitlines() if not l.strip().startswith(("'38:1'", "38:1:"))) + "\n"
    with open(review, "w", encoding="utf-8") as handle:
        handle.write(kept)
    old = review.read_bytes()
    disk_full[0] = 4096
    with pytest.raises(WriteError) as failed:
        record_fingerprints(load_rulebook(project), "ru")
    assert review.read_bytes() == old and "review/ru.yaml" in str(failed.value)


def test_export_on_a_full_disk_keeps_the_previous_export(project, disk_full, capsys):
    from tdarules.cli import main
    out = project / "ru.xlf"
    with open(out, "wb") as handle:
        handle.write(b"<previous/>")
    disk_full[0] = 8192
    code = main(["export", "--lang", "ru", "-o", str(out), "--root", str(project)])
    captured = capsys.readouterr()
    assert code == 1 and out.read_bytes() == b"<previous/>"
    assert "ru.xlf" in captured.err and "No space left on device" in captured.err


def test_rulebook_import_on_a_full_disk_leaves_the_mapping_and_editions_intact(project, disk_full, capsys):
    from tdarules.cli import main
    mapping = project / "rulebook/renumbering.yaml"
    with open(mapping, "ab") as handle:
        handle.write(b"# a reviewer's note, replaced by a successful import\n")
    before = {p: p.read_bytes() for p in (project / "rulebook").rglob("*.yaml")}
    disk_full[0] = 4096
    code = main(["import", "--root", str(project)])
    err = capsys.readouterr().err
    assert code == 1
    assert {p: p.read_bytes() for p in (project / "rulebook").rglob("*.yaml")} == before
    assert not [p for p in (project / "rulebook").rglob("*.tmp")]
    [line] = [l for l in err.splitlines() if l.strip()]
    assert "renumbering.yaml: not written" in line and "No space left on device" in line
