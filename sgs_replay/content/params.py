"""The parameters of a ruleset, typed: one field each, with its default and what it means.

A ruleset file sets any of these (``kill_reward = 3``); a key that is not a field, or a value of the
wrong type, is an error that names the file and the line. The defaults are the reading of
《三国杀》标准版规则（身份局） (identity mode), so a house-rule file lists only what differs.
``docs/rulesets.md`` is generated from this class (``python -m sgs_replay.content.docs``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec


def _d(text: str) -> msgspec.Meta:
    return msgspec.Meta(description=text)


class Params(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, frozen=True):
    """Every parameter a ruleset file may set."""

    # -- the mode and the table
    mode: Annotated[Literal["identity", "3v3", "1v1", "1v3", "hegemony"], _d("the game mode the ruleset judges")] = "identity"
    lord_skills: Annotated[bool, _d("lord skills (主公技) are in force (only the lord's, in identity mode)")] = True
    lord_hp_bonus: Annotated[int, _d("extra HP and max HP of the lord")] = 1
    lord_hp_bonus_min_players: Annotated[int, _d("the lord's bonus applies from this many players on")] = 5
    commander_hp_bonus: Annotated[int, _d("3v3: extra HP and max HP of each commander (主帅)")] = 1
    eight_player_roles: Annotated[Annotated[str, msgspec.Meta(pattern=r"^1/\d/\d/\d$")] | None, _d(
        "eight players: the only role row allowed, lord/loyalists/rebels/renegades (none: every row of the table)")] = None
    extra_role_rows: Annotated[tuple[Annotated[str, msgspec.Meta(pattern=r"^1/\d/\d/\d$")], ...], _d(
        "rows added to the role table, lord/loyalists/rebels/renegades; their total is the player count they "
        "allow (FreeKill deals 2 players 1/0/1/0 and 3 players 1/0/1/1; the rulebook's table starts at 4)")] = ()
    lord_choices: Annotated[int, _d("generals offered to the lord (not checked: the format records no choice)")] = 5
    initial_hand: Annotated[int | Literal["max_hp"], _d(
        "cards each player is dealt at the start (max_hp: as many as the general's max HP)")] = 4
    warm_commander_initial_bonus: Annotated[int | None, _d(
        "3v3: the warm commander is dealt this many cards more than the others, and the initial deal is checked "
        "(none: the 3v3 initial deal is not checked)")] = None
    replacement_hand: Annotated[int | Literal["max_hp"], _d("1v1: cards a general entering play draws")] = "max_hp"
    first_player: Annotated[Literal["renegade", "lord"], _d("1v1: who takes the first turn")] = "renegade"
    first_pick: Annotated[Literal["lord", "renegade"], _d("1v1: who picks first in the draft")] = "lord"
    general_pool_size: Annotated[int | None, _d("1v1: generals drawn for the draft")] = None
    general_pool_face_up: Annotated[int | None, _d("1v1: of those, how many face up")] = None
    generals_per_player: Annotated[int | None, _d("1v1: generals each player fields")] = None
    unknown_generals: Annotated[Literal["refuse", "unverifiable"], _d(
        "a general the project does not define (content/generals.csv): an error of the log (refuse), or judged on "
        "everything else with what its skills could explain counted unverifiable (its HP from the start position "
        "or the general_choice that brings it in)")] = "refuse"
    other_versions: Annotated[tuple[str, ...], _d(
        "generals (their ids or names) that the recording engine's packages define otherwise under the same id: a "
        "log naming one means that other version, judged as a general the project does not define "
        "(unknown_generals)")] = ()
    generals_lost_to_lose: Annotated[int | None, _d(
        "1v1: a player loses when this many of its generals have died, reserves left or not (none: when all "
        "generals_per_player have)")] = None
    initial_hand_cap: Annotated[int | None, _d(
        "1v1: a general entering play draws its max HP in cards, at most this many (none: no cap)")] = None
    entry_hand_reshuffle: Annotated[bool, _d(
        "1v1: a general entering play draws its starting hand as any draw, reshuffling the discard pile when the draw "
        "pile is short (true), or takes only what the draw pile holds, with no reshuffle (false: FreeKill deals it "
        "straight from the pile)")] = True
    debut_at_start: Annotated[bool, _d(
        "1v1: the starting generals enter play (登场时: 虎威, 翩仪 …) as the game starts, after the opening deal "
        "(the rulebooks are silent: false; the engines: true)")] = False
    next_general_timing: Annotated[Literal["at_death", "after_resolution"], _d(
        "1v1: the next general enters right after the death, before the interrupted resolution goes on (at_death), "
        "or once that resolution is over, before the next turn or phase (after_resolution)")] = "at_death"
    win_condition: Annotated[Literal["all_generals_dead"] | None, _d(
        "1v1: a player loses when all its generals are dead (none: the mode's own condition)")] = None
    new_turn_after_own_death: Annotated[bool, _d("1v1: a character dying in its own turn hands a new turn to the other")] = False
    resume_after_replacement: Annotated[bool, _d("1v1: the interrupted resolution goes on after the next general enters")] = False

    hulao_initial_hands: Annotated[tuple[int, int, int, int], _d(
        "1v3 (虎牢關): the opening hands of 神吕布, 先锋, 中坚 and 大将 (seats 1–4)")] = (8, 3, 4, 5)
    hulao_lvbu_turn_optional: Annotated[bool, _d(
        "1v3: in the first stage 神吕布 may decline the turn after an allied turn (the rulebook: 可選擇是否); "
        "false: he always takes it (the engines)")] = True
    hulao_reform_rounds: Annotated[int, _d(
        "1v3: the rounds a retreated ally spends reforming before he returns to play")] = 6
    hulao_reform_choice: Annotated[bool, _d(
        "1v3: a reforming ally below full HP may draw a card instead of recovering 1 HP (an engine's reading; "
        "the rulebook: recover until full, then draw)")] = False
    hulao_exhaustion_limit: Annotated[int | None, _d(
        "1v3: the game is drawn when the draw pile is used up this many times (none or 0: never)")] = 3
    hulao_retreat_draw: Annotated[bool, _d(
        "1v3: when an ally retreats each other living ally may draw a card right away (`draw`, reason `retreat`; an "
        "engine's reading, not in the rulebook)")] = False
    hulao_forms: Annotated[tuple[str, str], _d(
        "1v3: the general ids of 神吕布's first and second forms (content/generals.csv)")] = ("shenlvbu1", "shenlvbu2")
    hulao_second_form_hp: Annotated[int | None, _d(
        "1v3: 神吕布's HP and max HP after the switch (none: the second form's own, 4)")] = None
    hulao_switch_trigger: Annotated[Literal["hp_at_most_4", "first_hp_change"], _d(
        "1v3: the switch comes when the first form's HP falls to 4 or less (the rulebook), or in place of the first "
        "change of his HP, which then does not happen (first_hp_change: FreeKill's gamemode package, engine "
        "behaviour; the log cannot show the change prevented, so the moment is not checked)")] = "hp_at_most_4"
    hulao_switch_on_reshuffle: Annotated[bool, _d(
        "1v3: the first reshuffle of the draw pile in the first stage switches 神吕布 too (OL)")] = False
    hulao_reform_steps: Annotated[bool, _d(
        "1v3: a retreated ally's place is a reform step (recover 1 or draw 1: the rulebook), or passes with nothing "
        "done (false: FreeKill's rest)")] = True
    hulao_return_draw_to: Annotated[int | None, _d(
        "1v3: a returning ally comes back at full HP and draws this many cards minus his HP (reason reform; none: "
        "he keeps what his reform steps gave him)")] = None
    hulao_return_acts: Annotated[bool, _d(
        "1v3: a returning ally takes his turn at once in his place, with no turn of 神吕布 after it in the first "
        "stage (false: he acts from the next round, the rulebook)")] = False
    hulao_last_retreat_unlogged: Annotated[bool, _d(
        "1v3: the game ends as the last ally retreats, while he lies dying, before his death is announced (engine "
        "behaviour of FreeKill's gamemode package: no `death` for him)")] = False
    hulao_revival_draws_resting: Annotated[bool, _d(
        "1v3: as an ally returns, every ally still resting draws hulao_return_draw_to minus his HP too (engine "
        "behaviour of FreeKill's gamemode package, not a rule)")] = False

    hegemony_half_hp: Annotated[dict[str, int], _d(
        "國戰: a general's half units (阴阳鱼) where the ruleset differs from the roster's, by name (the later engines "
        "give 夏侯渊 and 孙坚 5)")] = {}
    hegemony_half_draw: Annotated[bool, _d(
        "國戰: a player whose two generals leave half a fish over may draw 1 card (`draw`, reason `half`) the first time "
        "both are face up")] = True
    hegemony_companions: Annotated[tuple[str, ...], _d(
        "國戰: the 珠联璧合 pairs, written `A+B`: the first time both generals of a pair are face up their player may "
        "draw 2 cards (`draw`, reason `companion`) or recover 1 HP")] = ()
    hegemony_bonus: Annotated[Literal["draw", "token"], _d(
        "國戰: the leftover half fish and 珠联璧合 give their draw right after the first time both generals are face up "
        "(draw, the rule text), or a token spent later (token, the later rules): 阴阳鱼 (in the own play phase `draw` 1, "
        "reason `half`; or a hand limit +2 for one discard phase), 珠联璧合 (in the own play phase `draw` 2, reason "
        "`companion`), and for the first character to turn a general face up 先驱 (in the own play phase `draw` up to 4 "
        "hand cards, reason `vanguard`)")] = "draw"
    hegemony_careerist_reward: Annotated[Literal["count", "three"], _d(
        "國戰: a 野心家 who kills draws as many cards as the victim's kingdom has characters (count, the earliest engine) "
        "or 3 (the later rules)")] = "count"
    hegemony_end: Annotated[Literal["all_revealed", "no_enemy_possible"], _d(
        "國戰: the game ends when every living character has a kingdom and only one kingdom is left (all_revealed, the "
        "rulebook text), or as soon as no enemy can be left, the survivors' generals turned face up then (`reveal_general`, "
        "reason `game_end`; the engines)")] = "all_revealed"
    aozhan: Annotated[bool, _d(
        "鏖戰: when few characters are left and no two of them share a kingdom, from the next turn on a 桃 can only be used "
        "or played as 杀 or 闪 (a `use`/`respond` with skill 鏖戰)")] = False
    aozhan_threshold: Annotated[tuple[int, int], _d(
        "鏖戰: the characters left that start it in games of up to 7 players, and of 8 or more (七人以下 read as "
        "inclusive: 3 and 4; one engine uses 4 from 7 players on)")] = (3, 4)
    aozhan_large_from: Annotated[int, _d(
        "鏖戰: the smallest number of players whose games use the second (larger) `aozhan_threshold` (七人以下 read as "
        "inclusive: 8; read as exclusive, as FreeKill does: 7)")] = 8

    # -- turn flow
    draw_phase_cards: Annotated[int, _d("cards the draw phase gives")] = 2
    first_turn_draw_minus: Annotated[int, _d("1v1: the game's first draw phase gives this many fewer cards")] = 1
    hand_limit: Annotated[Literal["hp"], _d("the discard phase's hand limit (the current HP)")] = "hp"
    slash_per_play_phase: Annotated[int, _d("杀 a character may use in one play phase")] = 1
    liannu_max_slash: Annotated[int | None, _d("3v3-2013 连弩: 杀 allowed in a play phase with it (none: no limit)")] = None
    skill_limit_scope: Annotated[Literal["turn", "play_phase"], _d(
        "制衡, 反间, 结姻, 青囊, 离间 count once per turn or once per play phase")] = "turn"
    delayed_trick_order: Annotated[Literal["last_placed_first", "lightning_first"], _d(
        "the order the judge phase judges delayed tricks in")] = "last_placed_first"
    rescue_order: Annotated[Literal["current_first"], _d("a dying character is asked for 桃 from the current player on")] = "current_first"
    aoe_direction_choice: Annotated[bool, _d("3v3: the user of an AOE or global trick chooses the direction")] = False
    draft_ninth_pick: Annotated[bool, _d("3v3: the draft ends with a ninth pick (1, 2 … 2, 1)")] = True
    draft_first_side: Annotated[Literal["chosen", "warm"], _d(
        "3v3: who picks first in the draft: the side the warm side names (chosen), or always the warm side")] = "chosen"
    first_unit: Annotated[Literal["commander", "any"], _d(
        "3v3: the first action unit of the game is a commander's, or any unit of the side that acts first")] = "commander"
    round_first_side: Annotated[Literal["alternate", "cold"], _d(
        "3v3: after a reset units keep alternating (alternate), or the cold side acts first in every round")] = "alternate"
    time_limit_minutes: Annotated[Annotated[int, msgspec.Meta(ge=1)] | None, _d(
        "3v3: the game's time limit (none: no limit)")] = None
    timeout_tiebreak: Annotated[tuple[Literal["alive", "lost_hp", "penalties", "overtime", "point_compare"], ...], _d(
        "3v3: how a game decided by time is settled, in order")] = ("alive", "lost_hp", "penalties", "overtime")
    penalty_loss_points: Annotated[int, _d("3v3: penalty points that lose the game")] = 3
    resign_only_without_vanguards: Annotated[bool, _d(
        "3v3: a side may concede only when both its vanguards are dead")] = False

    # -- rewards and penalties
    kill_reward: Annotated[int, _d("cards the killer draws as the reward")] = 3
    reward_eligibility: Annotated[Literal["rebel", "any", "vanguard", "opponent", "none"], _d(
        "whose death earns the reward: a rebel's, anyone's, a vanguard's, an opponent's (3v3), nobody's")] = "rebel"
    reward_optional: Annotated[bool, _d("the killer may decline the reward")] = False
    reward_needs_living_killer: Annotated[bool, _d("a killer who is dead draws no reward (the rulebook's reading too)")] = True
    loyalist_kill_penalty: Annotated[bool, _d("a lord who kills a loyalist discards every hand and equipment card")] = True

    # -- cards
    indulgence_on_lord: Annotated[bool, _d("乐不思蜀 may target the lord")] = True
    collateral_victim_in_range: Annotated[bool, _d("借刀杀人: the victim must be in the weapon holder's attack range")] = False
    lightning_nature: Annotated[Literal["normal|thunder", "thunder", "normal"], _d(
        "the nature of 闪电's damage (normal|thunder: either)")] = "normal|thunder"
    ex_nihilo_bonus_when_fewer: Annotated[bool, _d(
        "3v3-2013 无中生有: one more card when the other side has more characters alive")] = False
    dismantlement_reveal_hand: Annotated[bool, _d("1v1 过河拆桥: a card of the equipment area, or one of the shown hand (not the judgement area; the showing is not checked)")] = False

    # -- skills
    rende_heal: Annotated[Literal["per_give", "cumulative_once", "per_two_cards"] | None, _d(
        "仁德's heal: each give of two or more, once per play phase at two, per two cards (none: by the skill's text)")] = None
    rende_max_cards: Annotated[int | None, _d(
        "仁德 gives at most this many cards in a play phase (none: any number; one engine's 1v3 虎牢關: 2)")] = None
    fanjian_order: Annotated[Literal["damage_before_take", "take_before_damage"], _d(
        "反间: the damage before the target takes the card, or after")] = "damage_before_take"
    luoyi_scope: Annotated[Literal["play_phase", "turn"], _d("裸衣's +1 for the play phase or the whole turn")] = "play_phase"
    jizhi_converted: Annotated[bool, _d("集智 also triggers for converted tricks")] = True
    liuli_needs_legal_target: Annotated[bool, _d("流离's new target must be a legal 杀 target")] = False
    fire_attack_self_last_card: Annotated[bool, _d(
        "火攻 may target its user with its user's last hand card (FreeKill checks the target while the card is "
        "still in hand; the card text: 对一名有手牌的角色使用)")] = False
    lijian_nullifiable: Annotated[bool, _d("离间's 决斗 may be countered with 无懈可击")] = False
    guidao_obtain_original: Annotated[bool, _d("鬼道 takes the replaced judgement card")] = True
    attrition_free_rounds: Annotated[int | None, _d(
        "house rule (last-three attrition): once only three characters are left, the rounds that begin after "
        "that moment and are still free; from the next one on, every living character loses 1 HP at the start of "
        "each round, as the lord's turn begins (none: the rule is off)")] = None
    attrition_simultaneous: Annotated[Literal["postpone", "resolve"], _d(
        "house rule (last-three attrition): when the loss would bring two or more characters to 0 HP at once, "
        "it waits for the next round (postpone) or is taken and each dying state resolved (resolve)")] = "postpone"
    anhun_protection: Annotated[bool, _d(
        "house rule (暗魂 protection, without the 暗魂 cards): the player out first in the previous game of the "
        "series (the header's protected_player) may not be out first in this one, until someone else is out or "
        "by the hand of a character that player attacked")] = False
    anhun_lost_by: Annotated[Literal["attacked", "any_attack"], _d(
        "house rule (暗魂 protection): 被攻击的人攻击他 read as: a character the protected player attacked may take "
        "the last HP (attacked), or the protection ends as soon as the protected player attacks anyone (any_attack)")] = "attacked"
    reincarnation: Annotated[bool, _d(
        "house rule (转世 and 献祭): an out player stays at the table; the living players who are not reincarnated "
        "may give it hand cards (献祭, a `move` with reason 献祭), and at `reincarnation_cards` cards it comes back at "
        "once with a general of its old kingdom and 1 HP; for victory a reincarnated character counts as out")] = False
    reincarnation_cards: Annotated[int, _d(
        "house rule (转世): the out player's hand that makes it reincarnate (4～5人游戏: `reincarnation_cards_small`)")] = 4
    reincarnation_cards_small: Annotated[int, _d("house rule (转世): the same in a game of 4 or 5 players")] = 3
    sacrifice_turns: Annotated[Literal["any", "own"], _d(
        "house rule (献祭): 每回合 read as once in each turn of any player (any), or only in the giver's own turn (own)")] = "any"
    sacrifice_limit: Annotated[Literal["once_in_total", "once_per_out_player"], _d(
        "house rule (献祭): 每名玩家每回合只能献祭一次 read as one 献祭 a turn in total (once_in_total), or one to each "
        "out player (once_per_out_player)")] = "once_in_total"
    reincarnation_other_kingdoms: Annotated[Literal["first_turned_up", "same_kingdom"], _d(
        "house rule (转世): a 群 or 神 general's player takes the first general turned up (first_turned_up, the "
        "reading of the garbled 如果是其他国家角色), or one of its kingdom like everyone (same_kingdom)")] = "first_turned_up"
    reincarnation_max_hp: Annotated[Literal["printed", "one"], _d(
        "house rule (转世): the new character's max HP: its general's printed max HP (printed) or 1 (one); its HP is 1")] = "printed"
    sacrifice_resumes: Annotated[bool, _d(
        "house rule (转世): an out player left without an unused general of its kingdom accepts 献祭 again once one "
        "is back (the rulebook says it accepts no more: false)")] = False
    zhiheng_zero_cards: Annotated[bool, _d(
        "engine behaviour, not a rule: 制衡 with no card is a spent no-op (FreeKill)")] = False
    undead_after_failed_rescue: Annotated[bool, _d(
        "engine behaviour, not a rule: a dying character whose rescue the engine aborts (FreeKill 3v3's 救主 "
        "fault) stays alive at HP ≤ 0 and plays on (FreeKill 3v3 only)")] = False


#: the keys of a ruleset file that are tables or names rather than parameters
STRUCTURE_KEYS = ("name", "inherits", "departures", "deck", "roster", "skill_versions", "unset")
#: parameters that describe an engine's faults rather than a rule: accepted only in these rulesets (and
#: rulesets that inherit them with the parameter already set)
ENGINE_FAULTS: dict[str, tuple[str, ...]] = {"undead_after_failed_rescue": ("freekill-3v3",),
                                              "hulao_revival_draws_resting": ("freekill-hulao",),
                                              "hulao_switch_trigger": ("freekill-hulao",),
                                              "hulao_last_retreat_unlogged": ("freekill-hulao",)}


def field_docs() -> list[tuple[str, str, str, str]]:
    """(name, type, default, meaning) of every parameter, in declaration order."""
    schema = msgspec.json.schema(Params)
    props = schema["$defs"]["Params"]["properties"]
    out = []
    for f in msgspec.structs.fields(Params):
        p = props[f.name]
        default = f.default_factory() if f.default is msgspec.NODEFAULT else f.default
        out.append((f.name, _type_text(p), msgspec.json.encode(default).decode(), p.get("description", "")))
    return out


def _type_text(p: dict[str, Any]) -> str:
    if "anyOf" in p:
        return " or ".join(_type_text(x) for x in p["anyOf"])
    if "enum" in p:
        return " \\| ".join(f'"{v}"' for v in p["enum"])
    if p.get("type") == "array" and "prefixItems" in p:
        return f"list of {len(p['prefixItems'])} {_type_text(p['prefixItems'][0])}"
    if p.get("type") == "array":
        return f"list of {_type_text(p['items'])}"
    if "pattern" in p:
        return f"text like `{p['pattern']}`"
    return {"null": "none", "boolean": "true/false"}.get(str(p.get("type")), str(p.get("type", "value")))


def rulesets_markdown() -> str:
    """The text of docs/rulesets.md."""
    lines = [
        "# Ruleset parameters",
        "",
        "Generated from `sgs_replay/content/params.py` (`python -m sgs_replay.content.docs > docs/rulesets.md`);",
        "a test fails when this file drifts from the code.",
        "",
        "A ruleset is a TOML file: `name`, optionally `inherits` (a packaged ruleset, or from the command line",
        "another file), optionally `departures` (an engine's departures from the rulebooks in every mode it plays,",
        "a file of parameters in `content/rulesets/departures/`, applied over the inherited values and under the",
        "file's own: `departures = \"freekill\"` in `freekill-standard`, `freekill-maneuvering` and `freekill-3v3`),",
        "the tables `[deck]` (`base`, `packages` (`[\"maneuvering\"]`: the 52 军争 cards), `add`, `remove`),",
        "`[roster]` (`generals`, `revised`,",
        "`inherit_revised = false` to drop the inherited `revised` table) and `[skill_versions]`, `unset` (parameters",
        "whose inherited value goes back to the default, e.g. `unset = [\"time_limit_minutes\"]`: no time limit), and",
        "any of the parameters below. A key that is not listed here, or a value of the wrong type, is an error naming",
        "the file and the line. A parameter that describes an engine's behaviour rather than a rule is accepted only",
        "in the ruleset of that engine (and rulesets that inherit it): "
        + ", ".join(f"`{k}` ({', '.join(v)})" for k, v in ENGINE_FAULTS.items()) + ". The defaults are the",
        "identity-mode rulebook's reading, so a house rule lists only what differs:",
        "",
        "```toml",
        'name = "house-no-reward"',
        'inherits = "standard"',
        "kill_reward = 0",
        "```",
        "",
        "| parameter | type | default | meaning |",
        "|---|---|---|---|",
    ]
    for name, typ, default, doc in field_docs():
        lines.append(f"| `{name}` | {typ} | `{default}` | {doc} |")
    return "\n".join(lines) + "\n"
