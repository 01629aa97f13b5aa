"""A simulated 1v1 game (ruleset 1v1-2013): the draft, the lineups, alternating turns, and each dead
general replaced by one of its player's reserves until a player has none left.

The rules are the engine's (:mod:`sgs_replay.modes.one_v_one`): the pool of ten (《三國殺各種模式的規則》
1v1: the 主公 = warm player picks first), three generals a player, the cold (内奸) player's first turn
with one card fewer, and 《2013 王者之战 比赛规则》 4．武将阵亡及新武将登场: after a death the next general
enters with full HP and its max HP in cards, and a death in one's own turn hands the turn to the
opponent. The pick turns are 1, 2, 2, 2, 2, 1 (the rulebooks say only who picks first).
"""

from __future__ import annotations

from typing import Any

from sgs_replay import events as ev
from sgs_replay.cards import parse_card
from sgs_replay.content.names import CARD, SKILL
from sgs_replay.engine import frames as F
from sgs_replay.engine import plugins
from sgs_replay.engine.cards.one_v_one import Drowning
from sgs_replay.engine.state import Seat
from sgs_replay.simulate.game import MAX_TURNS, UNSUPPORTED_GENERALS, Game
from sgs_replay.skills import common as C

#: the pick turns of the draft (warm first): five generals a player
PICK_SIZES = (1, 2, 2, 2, 2, 1)
SEATS: dict[str, int] = {"cold": 1, "warm": 2}


class TurnCut(Exception):
    """The current turn is over at once: its character died in it (or 翩仪 ended it)."""


class OneVOneGame(Game):
    """1v1: seat 1 is the cold (内奸) player, seat 2 the warm (主公) one."""

    def _header(self, game_id: str) -> ev.Game:
        rng, rs = self.rng, self.rs
        size = int(rs.p.general_pool_size or 10)
        per = int(rs.p.generals_per_player or 3)
        roster = [g for g in rs.roster if g not in UNSUPPORTED_GENERALS]
        pool = rng.sample(roster, size)
        self.prelude = [ev.DraftPool(generals=list(pool))]
        left = list(pool)
        picks: dict[str, list[str]] = {"cold": [], "warm": []}
        side: ev.Side = "warm" if rs.p.first_pick == "lord" else "cold"
        for n in PICK_SIZES:
            chosen = rng.sample(left, min(n, len(left)))
            for g in chosen:
                left.remove(g)
            picks[side].extend(chosen)
            self.prelude.append(ev.DraftPick(side=side, generals=chosen))
            side = "cold" if side == "warm" else "warm"
        #: the name a general is written with (the plain name, as in the draft) by the name the ruleset resolves
        self.plain: dict[str, str] = {}
        for g in pool:
            gen = rs.resolve_general(g)
            self.plain[gen.name if gen is not None else g] = g
        players = []
        for sd in ("cold", "warm"):
            lineup = rng.sample(picks[sd], per)
            seat = SEATS[sd]
            self.prelude.append(ev.GeneralChoice(seat=seat, general=lineup[0], reserves=lineup[1:]))
            players.append(ev.Player(seat=seat, general=lineup[0], name=f"P{seat}", side=sd))  # type: ignore[arg-type]
        return ev.Game(format=ev.FORMAT_ID, mode="1v1", ruleset=rs.name, players=players, game_id=game_id,
                       meta={"generator": "sgs-replay simulate"})

    # ------------------------------------------------------------------ turns
    def rounds(self) -> None:
        """The first player's turn, then the two in alternation; a turn cut short by a death ends there."""
        seat = SEATS["cold"] if self.rs.p.first_player == "renegade" else SEATS["warm"]
        while self.turns < MAX_TURNS:
            if seat in self.skipped_turn:  # 据守
                self.skipped_turn.discard(seat)
            else:
                try:
                    self.turn(seat)
                except TurnCut:
                    pass
            seat = 3 - seat

    # ------------------------------------------------------------------ death and the next general
    def aftermath(self) -> None:
        """B–E: the next general enters (one of the reserves, at random) and draws its max HP in cards;
        a death in one's own turn (or 翩仪) ends the turn."""
        super().aftermath()
        mode: Any = self.eng.mode
        for dead in list(mode.awaiting):
            self.death_skills(dead)
        while mode.awaiting:
            seat = mode.awaiting[0]
            self.skipped_turn.discard(seat)  # the dead general's skipped turn (据守) is not the next one's
            left = mode.reserves.get(seat) or []
            general = self.rng.choice(left)
            self.emit(ev.GeneralChoice(seat=seat, general=self.plain.get(general, general)))
            self.emit(ev.Draw(seat=seat, cards=self.take(self.seat(seat).max_hp), reason="initial"))
            self.entry_skills(seat)
            if mode.cut_turn is not None and mode.cut_turn == self.eng.current:
                raise TurnCut

    def death_skills(self, dead: int) -> None:
        """A (死亡时): 藏机 (the equipment set aside), 延祸 (X of the opponent's cards), then the opponent's 肃资."""
        snap = self.eng.mode.at_death.get(dead)  # type: ignore[attr-defined]
        me, other = self.seat(dead), 3 - dead
        if snap is None:
            return
        if me.has_skill(SKILL.cangji) and snap["equip"] and self.chance(0.8):
            self.emit(ev.Skill(seat=dead, skill=SKILL.cangji))
        them = self.seat(other)
        if me.has_skill(SKILL.yanhuo) and snap["count"] and self.alive(other) and C.card_count(them) and self.chance(0.8):
            self.emit(ev.Skill(seat=dead, skill=SKILL.yanhuo))
            for _ in range(min(int(snap["count"]), C.card_count(them))):
                zone, c = self.rng.choice(self.places_of(other))
                self.emit(ev.Move(cards=[c], from_=ev.Place(zone=zone, seat=other), to=ev.Place(zone="discard"),
                                  reason=SKILL.yanhuo))
        if self.alive(other) and them.has_skill(SKILL.suzi) and self.chance(0.8):
            self.emit(ev.Skill(seat=other, skill=SKILL.suzi))

    def entry_skills(self, seat: int) -> None:
        """D (登场时): 虎威 (a 水淹七军), 骁袭 (a 杀) or 蛮裔 (a 南蛮入侵) at the opponent, perhaps."""
        me, other = self.seat(seat), 3 - seat
        for sk, card in ((SKILL.huwei, CARD.drowning), (SKILL.xiaoxi, CARD.slash), (SKILL.manyi, CARD.savage_assault)):
            use = ev.Use(seat=seat, as_=card, cards=[], skill=sk, targets=[other])
            if me.has_skill(sk) and self.alive(other) and not plugins.target_bans(self.eng, me, self.seat(other), card, use) \
                    and self.chance(0.8):
                self.emit(ev.Skill(seat=seat, skill=sk))
                self.use(use)
                return

    def active_skill(self, me: Seat) -> bool:
        """挟缠 (限定技): a 拼点 with the opponent, then the winner's 决斗 at the other; else the usual skills."""
        seat, other = me.seat, 3 - me.seat
        them = self.seat(other)
        if me.has_skill(SKILL.xiechan) and (seat, "xiechan") not in self.eng.skills.used_once and me.hand_count \
                and them.hand_count and not them.has_skill(SKILL.kongcheng) and self.chance(0.3):
            self.emit(ev.Skill(seat=seat, skill=SKILL.xiechan, targets=[other]))
            mine, theirs = self.rng.choice(self.hand_of(seat)), self.rng.choice(self.hand_of(other))
            self.emit(ev.Pindian(seat=seat, target=other, cards=[mine, theirs]))
            user, target = (seat, other) if parse_card(mine).rank > parse_card(theirs).rank else (other, seat)
            duel = ev.Use(seat=user, as_=CARD.duel, cards=[], skill=SKILL.xiechan, targets=[target])
            self.emit(duel)
            self.resolve_duel(duel)
            return True
        if me.has_skill(SKILL.mouzhu) and not self.eng.this_turn.limits[SKILL.mouzhu] and self.alive(other) \
                and self.chance(0.4):
            self.mouzhu(seat, other)
            return True
        return super().active_skill(me)

    def mouzhu(self, seat: int, other: int) -> None:
        """谋诛: the opponent gives a hand card; then, if 何进 holds more, it uses a 杀 or a 决斗 at him (no card)."""
        self.emit(ev.Skill(seat=seat, skill=SKILL.mouzhu, targets=[other]))
        if self.seat(other).hand_count:
            self.emit(ev.Move(cards=[self.rng.choice(self.hand_of(other))], from_=ev.Place(zone="hand", seat=other),
                              to=ev.Place(zone="hand", seat=seat), reason=SKILL.mouzhu))
        if self.seat(seat).hand_count > self.seat(other).hand_count:
            card = self.rng.choice((CARD.slash, CARD.duel))
            use = ev.Use(seat=other, as_=card, cards=[], skill=SKILL.mouzhu, targets=[seat])
            if card == CARD.duel:
                self.emit(use)
                self.resolve_duel(use)
            else:
                self.use(use)

    def resolve_slash(self, user: int) -> None:
        """烈弓 (1v1): announced once the 杀 has its target, when the target holds at least the user's HP in cards."""
        frame = self.eng.top(F.CardEffect)
        me = self.seat(user)
        if frame is not None and frame.name == CARD.slash and frame.user == user and frame.head is not None \
                and me.has_skill(SKILL.liegong) and self.eng.in_play_phase(user) \
                and self.seat(frame.head).hand_count >= me.hp and self.chance(0.8):
            self.emit(ev.Skill(seat=user, skill=SKILL.liegong))
        target = frame.head if frame is not None and frame.name == CARD.slash and frame.user == user else None
        super().resolve_slash(user)
        if target is not None and me.has_skill(SKILL.lieren):
            self.lieren(user, target)

    # ------------------------------------------------------------------ the 1v1 card
    def use(self, e: ev.Use) -> None:
        if F.used_name(e) != CARD.drowning:
            super().use(e)
            return
        self.emit(e)
        self.after_respond(e)
        frame = self.eng.top(Drowning)
        if frame is None or self.nullify_window(e.seat, frame.target):
            return
        t = self.seat(frame.target)
        if t.equip and self.chance(0.6):
            self.emit(ev.Discard(seat=t.seat, cards=[t.equip[sl] for sl in sorted(t.equip)], reason=CARD.drowning))
            self.fulfil(after=self.last_seq)  # 枭姬's chance comes from the emitting loop
            return
        self.damage(t.seat, F.damage_taken(self.eng, t, 1, "normal"), e.seat, e.card, "normal")

