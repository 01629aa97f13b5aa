"""Edits of the real FreeKill sample recordings at the CBOR level, for paths the samples never take.

An edit decodes the recording (4-byte big-endian length + zlib of one CBOR array), replaces or inserts
entries ``[ms, is_request, command, payload]`` whose payload is CBOR with every string a byte string,
and encodes it again in the same framing. Each edit is *faithful*: it only turns a choice the AI made
into another choice FreeKill offered at that point with the same outcome, and writes the packets
FreeKill sends for it, so the rest of the recording stays true. Every edit checks the entries it
rewrites and fails loudly if the sample is not the one it was written for.

- :func:`guicai_retrial` (recording 104322, 司马懿 records): at entry 323 司马懿 was offered 鬼才 for
  马超's 铁骑 judgement (♥Q 过河拆桥, red: the 杀 cannot be dodged) and declined. The edit has him
  retrial with the ♦10 闪 in his hand (red too, so 铁骑 still hits); that 闪 then no longer reaches
  his discard at entry 2865, and the ♥Q goes to the discard pile at the retrial.
- :func:`wusheng_slash` (104305, entry 3886): 关羽's ♦6 杀 used through 武圣 (a red card as 杀).
- :func:`wusheng_answer` (104308, entry 2448): 关羽 plays his ♥J 杀 for 决斗 through 武圣.
"""

from __future__ import annotations

import zlib
from typing import Any

import cbor2
from fkrec import _b, before, cid, walk


def load(data: bytes) -> list[Any]:
    return cbor2.loads(zlib.decompress(data[4:]))


def dump(top: list[Any]) -> bytes:
    raw = cbor2.dumps(top)
    return len(raw).to_bytes(4, "big") + zlib.compress(raw)


def renamed(data: bytes, old: str, new: str) -> bytes:
    """The recording with every string ``old`` in its entries' payloads made ``new`` (a general's FreeKill id
    renamed: one of a package the project does not define taking a known one's place)."""
    was, now = old.encode(), new.encode()
    top = load(data)
    for item in top[10:]:
        if isinstance(item[3], bytes) and item[3]:
            item[3] = cbor2.dumps(walk(cbor2.loads(item[3]), lambda x: now if x == was else x))
    return dump(top)


def payload(top: list[Any], index: int) -> Any:
    return cbor2.loads(top[index][3])


def entry(ms: int, command: str, body: Any) -> list[Any]:
    return [ms, False, command.encode(), cbor2.dumps(_b(body))]


def _expect(top: list[Any], index: int, command: str, **fields: Any) -> Any:
    _ms, request, cmd, raw = top[index]
    body = cbor2.loads(raw)
    assert cmd == command.encode() and not request, f"entry {index} is {cmd!r}, expected {command}"
    for key, value in fields.items():
        assert body[key.encode()] == _b(value), f"entry {index}: {key} is {body[key.encode()]!r}"
    return body


def guicai_retrial(data: bytes) -> bytes:
    top = load(data)
    _expect(top, 318, "GameLog", type="#InitialJudge", **{"from": 3})
    assert payload(top, 318)[b"arg"] == cid(59)  # ♥Q 过河拆桥
    assert b"guicai" in top[323][3] and top[323][1]  # the 鬼才 prompt 司马懿 declined
    _expect(top, 325, "GameLog", type="#JudgeResult")
    final = payload(top, 328)
    assert final[0][0][b"moveInfo"][0][b"cardId"] == 59 and final[0][0][b"toArea"] == 7
    discard = payload(top, 2865)
    infos = discard[0][0][b"moveInfo"]
    assert discard[0][0][b"skillName"] == b"phase_discard" and any(x[b"cardId"] == 43 for x in infos)

    ms = top[324][0]
    retrial = [
        entry(ms, "GameLog", {"type": "#InvokeSkill", "from": 1, "arg": "guicai"}),
        entry(ms, "GameLog", {"type": "#ResponsePlayCard", "from": 1, "card": [cid(43)]}),
        entry(ms, "MoveCards", [[{"moveInfo": [{"cardId": 43, "beforeCard": before(43), "fromArea": 1}], "from": 1,
                                  "toArea": 5, "moveReason": 10, "skillName": "", "specialName": ""}], 10_001]),
        entry(ms, "GameLog", {"type": "#ChangedJudge", "from": 1, "to": [3], "arg": "guicai", "arg2": "♦10 闪"}),
        entry(ms, "MoveCards", [[{"moveInfo": [{"cardId": 59, "beforeCard": before(59), "fromArea": 5}],
                                  "toArea": 7, "moveReason": 11, "skillName": "guicai", "specialName": ""}], 10_002]),
    ]
    result = payload(top, 325)
    result[b"arg"] = cid(43)
    final[0][0][b"moveInfo"] = [{b"cardId": 43, b"beforeCard": _b(before(43)), b"fromArea": 5}]
    discard[0][0][b"moveInfo"] = [x for x in infos if x[b"cardId"] != 43]
    top[325] = [*top[325][:3], cbor2.dumps(result)]
    top[328] = [*top[328][:3], cbor2.dumps(final)]
    top[2865] = [*top[2865][:3], cbor2.dumps(discard)]
    top[324:324] = retrial
    return dump(top)


def _wusheng(top: list[Any], index: int, kind: str, card: int) -> None:
    body = _expect(top, index, "GameLog", type=kind)
    assert body[b"card"] == [cid(card)]
    name, suit, number = b"slash", *_suit_number(top, index + 1, card)
    body[b"card"] = [cbor2.CBORTag(33003, {2: name, 3: suit, 4: number, 5: 2, 6: [card], 7: [b"wusheng"], 9: 0})]
    ms = top[index][0]
    top[index] = [*top[index][:3], cbor2.dumps(body)]
    top[index:index] = [entry(ms, "GameLog", {"type": "#InvokeSkill", "from": body[b"from"], "arg": "wusheng"})]


def _suit_number(top: list[Any], index: int, card: int) -> tuple[int, int]:
    move = payload(top, index)[0][0]
    info = move[b"moveInfo"][0]
    assert info[b"cardId"] == card
    data = info[b"beforeCard"].value
    return data[3], data[4]


def wusheng_slash(data: bytes) -> bytes:
    top = load(data)
    _wusheng(top, 3886, "#UseCardToTargets", 25)  # ♦6 杀 → seat of player 4
    return dump(top)


def wusheng_answer(data: bytes) -> bytes:
    top = load(data)
    _wusheng(top, 2448, "#ResponsePlayCard", 24)  # ♥J 杀 for 决斗
    return dump(top)
