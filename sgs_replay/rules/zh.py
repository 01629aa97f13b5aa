"""The Chinese of a violation's detail: the engine writes its details in English; here each pattern
it produces has a Chinese template with the same placeholders (seat, card, skill, counts …).

``detail_zh("seat 3 drew 1 in the draw phase")`` → ``"3号位在摸牌阶段摸了1张牌"``. A detail that no
pattern matches gives None, and the Chinese message is then the rule's own sentence alone (never a
half-translated one). Named groups are converted by their name: ``s`` a seat, ``ss`` a list of
seats, ``ph`` a phase, ``side`` a 3v3 side, ``win`` a winner, ``why`` an end reason, ``ev`` an event
type, ``tb`` a list of tie-breaks, ``rs`` a ruleset; ``n``/``c``/``k`` and the rest are kept as
written (numbers, cards, skills, generals).
"""

from __future__ import annotations

import re
from collections.abc import Callable

PHASES = {"start": "准备", "judge": "判定", "draw": "摸牌", "play": "出牌", "discard": "弃牌", "finish": "结束"}
SIDES = {"cold": "冷色方", "warm": "暖色方"}
KINGDOMS = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群", "careerist": "野心家"}
WINNERS = {"lord": "主公方", "rebel": "反贼", "renegade": "内奸", **SIDES, **KINGDOMS}
REASONS = {"lord_killed": "主公阵亡", "rebels_and_renegades_dead": "反贼和内奸全部阵亡", "commander_killed": "主帅阵亡",
           "time_up": "比赛时间到", "resign": "认输", "penalty": "技术分扣满", "last_standing": "仅剩一名角色",
           "one_kingdom_left": "仅剩一个势力"}
EVENTS = {"turn": "回合开始", "phase": "阶段", "draw": "摸牌", "damage": "伤害", "use": "使用牌", "respond": "打出牌",
          "recover": "回复体力", "death": "阵亡", "discard": "弃牌", "move": "移动牌", "judge": "判定", "skill": "发动技能",
          "game_end": "结束记录", "lose_hp": "失去体力", "recovery": "回复体力", "pick": "选牌", "response": "响应"}
RULESETS = {"standard": "标准版"}
TIEBREAKS = {"alive": "存活武将数", "lost_hp": "已损失体力值", "penalties": "技术分", "overtime": "加时",
             "point_compare": "比点"}


def _seats(text: str) -> str:
    nums = re.findall(r"\d+", text)
    return "、".join(nums) + "号位" if nums else text


def _list(table: dict[str, str]) -> Callable[[str], str]:
    return lambda text: "、".join(table.get(x.strip(), x.strip()) for x in text.split(","))


CONVERT: dict[str, Callable[[str], str]] = {
    "s": lambda x: f"{x}号位", "s2": lambda x: f"{x}号位", "ss": _seats, "order": _seats,
    "ph": lambda x: PHASES.get(x, x), "side": lambda x: SIDES.get(x, x), "side2": lambda x: SIDES.get(x, x),
    "win": lambda x: WINNERS.get(x, x), "why": lambda x: REASONS.get(x, x), "ev": lambda x: EVENTS.get(x, x),
    "tb": _list(TIEBREAKS), "cards": lambda x: "、".join(c.strip(" '\"") for c in x.split(",")),
    "names": lambda x: "、".join(c.strip(" '\"") for c in x.split(",")),
    "kind": lambda x: {"half": "阴阳鱼", "companion": "珠联璧合"}.get(x, x),
    "rs": lambda x: RULESETS.get(x, x), "kd": lambda x: KINGDOMS.get(x, x),
    "which": lambda x: {"主将": "主将", "副将": "副将"}.get(x, x),
}

#: (English detail, Chinese template); ``(?P<…>)`` groups are filled into ``{…}`` by name
PATTERNS: list[tuple[str, str]] = [
    # --- 3v3 action order and units, time-up, draft
    (r"the side that acts first is chosen once, before the first turn", "先行动的一方只在第一个回合前决定一次"),
    (r"the first unit of the game is a commander's \(the (?P<side>cold|warm) side acts first\)", "本局第一个行动单元须由主帅行动（{side}先行动）"),
    (r"the first unit of the game is a commander's", "本局第一个行动单元须由主帅行动"),
    (r"seat (?P<s>\d+) has already acted this round \(identity card sideways\); the unit should have been the (?P<side>cold|warm) side's",
     "{s}本轮已行动（身份牌已横置）；该行动单元应属于{side}"),
    (r"the (?P<side>cold|warm) side has no upright living character, so the (?P<side2>cold|warm) side acts; the unit should have been the (?:cold|warm) side's",
     "{side}已没有未横置的存活角色，由{side2}行动"),
    (r"the (?P<side>cold|warm) side has no upright living character, so the (?P<side2>cold|warm) side acts",
     "{side}已没有未横置的存活角色，由{side2}行动"),
    (r"units alternate: the (?P<side>cold|warm) side holds the next action unit(?:; the unit should have been the (?:cold|warm) side's)?",
     "双方交替行动：下一个行动单元属于{side}"),
    (r"the (?P<side>cold|warm) vanguard unit is every upright living vanguard (?P<ss>\[[\d, ]*\])", "{side}前锋行动单元须由所有未横置的存活前锋（{ss}）行动"),
    (r"the (?P<side>cold|warm) vanguards(?:' unit)? is not finished: seat (?P<s>\d+) (?:acts next|still acts)", "{side}前锋的行动单元尚未结束：{s}还须行动"),
    (r"the user chooses the direction \(cw or ccw\) and the log must say which", "由使用者指定结算方向（顺时针或逆时针），日志须写明"),
    (r"the tie-breaks \((?P<tb>[^)]*)\) leave the sides equal: the game goes to overtime", "按胜负判定顺序（{tb}）双方相同：比赛进入加时"),
    (r"after time is up the game ends when the current character's turn ends", "比赛时间到后，当前行动武将的回合结束时比赛结束"),
    (r"by the tie-breaks \((?P<tb>[^)]*)\) (?P<win>\w+) wins", "按胜负判定顺序（{tb}），{win}获胜"),
    (r"the draft takes place before the game", "选将在比赛开始前进行"),
    (r"the side that picks first is decided once, before the first pick", "先选将的一方只在第一次选将前决定一次"),
    (r"pick turn (?P<n>\d+) takes (?P<k>\d+) general\(s\)", "第{n}轮选将选{k}名武将"),
    (r"pick turn (?P<n>\d+) is the (?P<side>cold|warm) side's \(picks alternate from the (?P<side2>cold|warm) side\)",
     "第{n}轮选将属于{side}（从{side2}开始轮流选将）"),
    (r"the (?P<side>cold|warm) lineup differs from the header", "{side}的上场武将与对局头不一致"),
    (r"(?P<g>\S+) was not picked by the (?P<side>cold|warm) side \(the other side picked it\)", "{g}不是{side}选的武将（由对方选走）"),
    (r"(?P<g>\S+) was not picked by the (?P<side>cold|warm) side", "{g}不是{side}选的武将"),
    (r"the (?P<side>cold|warm) side sets its lineup once", "{side}只能决定一次上场武将"),
    (r"(?P<g>\S+) is not in the pool", "{g}不在可选武将中"),
    (r"(?P<g>\S+) was already picked", "{g}已被选走"),
    (r"the draft pool holds (?P<n>\d+) different generals", "可选武将须为{n}名不同的武将"),
    (r"the draft stopped after (?P<n>\d+) pick turns", "选将在第{n}轮后中止"),
    # --- matches of several games (team names and file names kept as written)
    (r"game (?P<n>\d+) of match (?P<m>\S+) is given twice \((?P<a>.+) and (?P<b>.+)\)", "第{n}局（比赛 {m}）出现了两次（{a} 与 {b}）"),
    (r"a match is at most (?P<n>\d+) games", "一轮比赛至多{n}局"),
    (r"each team keeps its colour from the previous game \((?P<a>.+)\); the teams switch colour every game",
     "双方沿用了上一局（{a}）的色系；每局须轮换色系"),
    (r"the players are not those of the previous game with the colours switched", "选手与上一局交换色系后的阵容不符"),
    (r"(?P<p>.+) was already the commander of team (?P<t>.+) in this match; the commander rotates",
     "{p}已在本轮比赛中担任过{t}队的主帅；主帅选手应当轮换"),
    (r"the match was already won by (?P<t>.+) \(first to (?P<n>\d+) wins\)", "本轮比赛已由{t}获胜（先胜{n}局）"),
    (r"no team has won (?P<n>\d+) games \((?P<score>.*)\)", "没有一方获胜{n}局（比分：{score}）"),
    (r"(?P<t>.+) won the match \((?P<score>.*)\)", "{t}赢得本轮比赛（比分：{score}）"),
    # --- cards held, drawn, in the deck
    (r"seat (?P<s>\d+) \((?P<g>[^)]+)\) does not hold (?P<c>.+)", "{s}（{g}）没有{c}"),
    (r"(?P<c>.+?) is not among the revealed cards \[(?P<cards>.*)\]", "{c}不在亮出的牌（{cards}）之中"),
    (r"(?P<c>.+?) is not in the draw pile \(all (?P<n>\d+) copies are elsewhere\)", "{c}不在牌堆中（全部{n}张都在别处）"),
    (r"the top of the draw pile is (?P<c>.+), not (?P<c2>.+)", "牌堆顶的牌是{c}，不是{c2}"),
    (r"(?P<c>.+?) is not a card of the (?P<rs>\S+) deck", "{c}不是{rs}牌堆中的牌"),
    (r"(?P<g>\S+) is not in the (?P<rs>\S+) roster", "{g}不在{rs}的武将池中"),
    (r"seats (?P<ss>\[[\d, ]*\]) do not match the 3v3 seating", "{ss}不符合3V3的座位安排"),
    (r"(?P<c>.+?) appears (?P<n>\d+) times; the (?P<rs>\S+) deck has (?P<k>\d+)", "{c}出现了{n}次；{rs}牌堆中有{k}张"),
    # --- damage, dying, death, rewards
    (r"(?P<k>\S+) deals (?P<n>\d+) damage", "{k}造成{n}点伤害"),
    (r"(?P<k>\S+) deals (?P<n>\d+)", "{k}造成{n}点伤害"),
    (r"(?P<k>\S+) recovers (?P<n>\d+)", "{k}回复{n}点体力"),
    (r"(?P<k>\S+) of seat (?P<s>\d+): no damage logged for seat\(s\) (?P<ss>\[[\d, ]*\])", "{s}的{k}：没有记录对{ss}的伤害"),
    (r"(?P<k>\S+) of seat (?P<s>\d+): no recovery logged for seat\(s\) (?P<ss>\[[\d, ]*\])", "{s}的{k}：没有记录{ss}回复体力"),
    (r"闪电 hit \(♠2–9\) and no damage was logged", "闪电判定生效（♠2–9）但没有记录伤害"),
    (r"seat (?P<s>\d+) answered or countered (?P<k>\S+) yet takes damage", "{s}已响应或抵消了{k}，却仍受到伤害"),
    (r"seat (?P<s>\d+) failed to play 杀 and takes the 决斗 damage", "{s}没有打出杀，应由其受到决斗的伤害"),
    (r"寒冰剑 prevented the damage of this (?P<k>\S+) \(its two cards were discarded instead\)", "寒冰剑防止了此{k}的伤害（改为弃置两张牌）"),
    (r"no card, judgement or skill in resolution causes this damage", "没有正在结算的牌、判定或技能造成此伤害"),
    (r"no card or skill in resolution causes this recovery", "没有正在结算的牌或技能使其回复体力"),
    (r"闪电 damage has no source", "闪电造成的伤害没有来源"),
    (r"仁王盾: a black 杀 has no effect on seat (?P<s>\d+)", "仁王盾：黑色杀对{s}无效"),
    (r"(?P<k>\S+): no (?P<ev>damage|recover|draw|death) follows here", "{k}：此处不应有{ev}"),
    (r"seat (?P<s>\d+) is at (?P<n>-?\d+) HP after the rescue and must die", "求桃结束后{s}的体力为{n}，应阵亡"),
    (r"(?P<k>\S+): (?P<ev>death|damage|draw|discard|recover) \(seat (?P<s>\d+)\) was not logged", "{k}：没有记录{s}的{ev}"),
    (r"seat (?P<s>\d+) has (?P<n>-?\d+) HP", "{s}的体力为{n}"),
    (r"a reward draw with no kill that earns it", "没有击杀却摸了奖励牌"),
    (r"seat (?P<s>\d+) killed seat (?P<s2>\d+) and did not draw the reward", "{s}杀死了{s2}，却没有摸奖励牌"),
    (r"the reward is (?P<n>\d+) cards", "奖励为{n}张牌"),
    (r"killing seat (?P<s>\d+) earns (?P<n>\d+) cards", "杀死{s}可获得{n}张牌"),
    (r"the lord killed a loyalist and kept cards", "主公杀死了忠臣却保留了牌"),
    (r"the lord must discard every hand and equipment card", "主公须弃置所有手牌和装备牌"),
    (r"seat (?P<s>\d+) has (?P<n>\d+)/(?P<k>\d+) HP", "{s}的体力为{n}/{k}"),
    (r"seat (?P<s>\d+) is not dying", "{s}没有处于濒死状态"),
    # --- card effects
    (r"五谷丰登 reveals one card per living character \((?P<n>\d+)\)", "五谷丰登须亮出与存活角色数相同的牌（{n}张）"),
    (r"the card (?P<k>\S+) takes goes to seat (?P<s>\d+)'s hand", "{k}获得的牌应进入{s}的手牌"),
    (r"the card (?P<k>\S+) takes goes to the discard pile", "{k}拆掉的牌应进入弃牌堆"),
    (r"(?P<k>\S+) was countered by 无懈可击 and has no effect", "{k}已被无懈可击抵消，没有效果"),
    (r"无中生有 resolved and its two cards were not drawn", "无中生有结算后没有摸两张牌"),
    (r"无中生有 draws (?P<n>\d+)", "无中生有摸{n}张牌"),
    (r"the (?P<k>\S+) judgement spared the (?P<ph>\w+) phase(?: \(.*\))?", "{k}的判定结果使其不跳过{ph}阶段"),
    # --- outcome
    (r"(?P<ev>\w+) after the game ended \((?P<win>\w+) won(?:, (?P<why>\w+))?\)", "游戏结束后又记录了{ev}（{win}已获胜）"),
    (r"(?P<win>\w+) won \((?P<why>\w+)\) but the log has no game_end", "{win}已获胜（{why}），但日志没有结束记录"),
    (r"(?P<win>\w+) won \((?P<why>\w+)\)", "应为{win}获胜（{why}）"),
    (r"no victory condition holds", "没有满足任何胜利条件"),
    (r"a side loses on penalties at (?P<n>\d+) points \(cold (?P<a>\d+), warm (?P<b>\d+)\)", "技术分扣满{n}分的一方判负（冷色方{a}分，暖色方{b}分）"),
    # --- card play
    (r"杀 number (?P<n>\d+) in this play phase \(limit (?P<k>\d+)\)", "本出牌阶段的第{n}张杀（上限{k}张）"),
    (r"distance from seat (?P<s>\d+) to seat (?P<s2>\d+) is (?P<n>\d+), attack range (?P<k>\d+)", "{s}到{s2}的距离为{n}，攻击范围为{k}"),
    (r"(?P<k>\S+) needs distance 1; distance to seat (?P<s>\d+) is (?P<n>\d+)", "{k}须距离1以内；到{s}的距离为{n}"),
    (r"seat (?P<s>\d+) has no weapon", "{s}没有装备武器"),
    (r"借刀杀人 names seat (?P<s>\d+) as the one to slash", "借刀杀人指定{s}为杀的目标"),
    (r"seat (?P<s>\d+) has no cards to take", "{s}没有可获得的牌"),
    (r"(?P<k>\S+) targets one other character", "{k}指定一名其他角色为目标"),
    (r"(?P<k>\S+) is used on yourself", "{k}须对自己使用"),
    (r"(?P<k>\S+) may have (?P<n>\d+) target\(s\)", "{k}至多指定{n}名目标"),
    (r"(?P<k>\S+): (?P<t>除自己以?外)", "{k}：{t}"),
    (r"乱武: a 杀 on the nearest other character", "乱武：须对距离最近的另一名角色使用杀"),
    (r"seat (?P<s>\d+) is at full HP \((?P<n>\d+)/(?P<k>\d+)\)", "{s}体力已满（{n}/{k}）"),
    (r"闪 is only used against a 杀 or 万箭齐发", "闪只能用于响应杀或万箭齐发"),
    (r"无懈可击 with no trick in resolution", "没有正在结算的锦囊却使用了无懈可击"),
    (r"nothing asks seat (?P<s>\d+) for (?P<k>\S+) now", "此时没有需要{s}出{k}的时机"),
    (r"离间's 决斗 cannot be countered by 无懈可击", "离间的决斗不能被无懈可击抵消"),
    (r"完杀: in seat (?P<s>\d+)'s turn only the dying character and 贾诩 may use 桃", "完杀：在{s}的回合内，只有濒死角色和贾诩可以使用桃"),
    (r"(?P<k>\S+) does not answer (?P<k2>\S+)", "{k}不能响应{k2}"),
    (r"决斗 asks for 杀", "决斗须打出杀"),
    (r"seat (?P<s>\d+) already has (?P<k>\S+) in the judge area", "{s}的判定区里已有{k}"),
    (r"(?P<k>\S+) uses hand cards only", "{k}只能使用手牌"),
    (r"(?P<k>\S+) converts (?P<n>\d+) card\(s\)", "{k}须转化{n}张牌"),
    (r"(?P<c>.+?) does not qualify for (?P<k>\S+) as (?P<k2>\S+)", "{c}不能通过{k}当作{k2}"),
    (r"蛊惑 claims a basic card or a non-delayed trick", "蛊惑只能声明基本牌或非延时类锦囊"),
    (r"the (?P<k>\S+) of seat (?P<s>\d+) cannot be dodged", "{s}的此{k}不可被闪避"),
    (r"(?P<g>\S+) has no hand cards \(空城\)", "{g}没有手牌（空城）"),
    (r"(?P<g>\S+) \((?P<k>\S+)\) cannot be targeted by (?P<k2>\S+)", "{g}（{k}）不能成为{k2}的目标"),
    (r"(?P<g>\S+) \(帷幕\) cannot be the target of a black trick", "{g}（帷幕）不能成为黑色锦囊的目标"),
    # --- resolution order
    (r"(?:a )?(?P<ev>pick|recovery|response|damage) for seat (?P<s>\d+) before seat (?P<s2>\d+) \((?P<k>\S+), order \[(?P<order>[\d, ]*)\]\)",
     "{k}：{s}的{ev}先于{s2}（顺序：{order}）"),
    (r"(?:a )?(?P<ev>damage|response|pick|recovery) for seat (?P<s>\d+) before seat (?P<s2>\d+) has resolved (?P<k>\S+) \(order \[(?P<order>[\d, ]*)\]\)",
     "{s2}尚未结算完{k}，就记录了{s}的{ev}（顺序：{order}）"),
    (r"it is seat (?P<s>\d+)'s turn to play 杀 in the 决斗", "决斗中此时应由{s}出杀"),
    (r"(?P<k>\S+) was placed last and is judged first \(judge area \[(?P<names>.*)\]\)", "{k}最后放置，应先判定（判定区：{names}）"),
    (r"seat (?P<s>\d+) rescues after seat (?P<s2>\d+) was asked \(order \[(?P<order>[\d, ]*)\]\)", "{s2}已被询问后{s}才救援（顺序：{order}）"),
    (r"seat (?P<s>\d+) is dying \((?P<n>-?\d+) HP\): (?P<k>\S+) is used before the rescue or the death",
     "{s}处于濒死状态（体力{n}）：在求桃或阵亡之前就使用了{k}"),
    # --- skills
    (r"(?P<g>\S+) does not have (?P<k>\S+)", "{g}没有{k}"),
    (r"(?P<k>\S+) may be used (?P<n>\d+) time\(s\) per turn", "{k}每回合限用{n}次"),
    (r"(?P<k>\S+) may be used once per turn", "{k}每回合限用一次"),
    (r"(?P<k>\S+) can be used once per game", "{k}每局限用一次"),
    (r"(?P<k>\S+) is used in your (?P<ph>\w+) phase", "{k}在你的{ph}阶段发动"),
    (r"(?P<k>\S+) is used right after you take damage", "{k}在你受到伤害后立即发动"),
    (r"急救 only outside your turn", "急救只能在你的回合外发动"),
    (r"集智 follows your use of a non-delayed trick", "集智在你使用非延时类锦囊时发动"),
    (r"枭姬 follows losing a card from your equipment area", "枭姬在你失去装备区里的牌时发动"),
    (r"猛进 follows a 闪 that cancels your 杀", "猛进在你的杀被闪抵消后发动"),
    (r"激昂 follows a 决斗 or red 杀 you use or are targeted by", "激昂在你使用或成为决斗、红色杀的目标时发动"),
    (r"救主 is used while another character of your side is dying", "救主在己方其他角色濒死时发动"),
    (r"明哲 follows a red card you use, play or discard outside your turn", "明哲在你于回合外使用、打出或弃置红色牌时发动"),
    (r"贯石斧: discard two cards", "贯石斧：须弃两张牌"),
    (r"the switch ended seat (?P<s>\d+)'s turn at once, and every resolution with it", "神吕布变身后{s}的回合即时终止，所有结算都终止"),
    (r"翩仪 acts when its general enters play \(登场时\)", "翩仪在其武将登场时生效"),
    (r"翩仪 ends the opponent's turn: it is not the opponent's turn", "翩仪结束对手的回合：此时不是对手的回合"),
    (r"(?P<k>寒冰剑|麒麟弓) acts on the damage your 杀 deals: a 闪 cancelled it, so there is none",
     "{k}作用于你的杀造成的伤害：此杀已被闪抵消，没有伤害"),
    (r"麒麟弓 discards a horse from the equipment area of the 杀's target, not (?P<c>.+)",
     "麒麟弓只能弃置杀的目标装备区里的一匹马，而不是{c}"),
    (r"雌雄双股剑 needs a target of the other gender", "雌雄双股剑须指定异性角色"),
    (r"the 杀 of seat (?P<s>\d+) ignores armour \(青釭剑\): 八卦阵 has no effect", "{s}的杀无视防具（青釭剑）：八卦阵无效"),
    (r"结姻 targets a wounded male character; seat (?P<s>\d+) is not", "结姻须指定一名受伤的男性角色；{s}不是"),
    (r"克己: you used or played a 杀 in your play phase", "克己：你在出牌阶段使用或打出过杀"),
    (r"连营 follows losing your last hand card", "连营在你失去最后一张手牌时发动"),
    (r"离间 names two other living male characters", "离间须指定两名其他存活男性角色"),
    (r"流离: seat (?P<s>\d+) must be in your attack range and not the 杀's user", "流离：{s}须在你的攻击范围内且不是杀的使用者"),
    (r"青囊 heals one wounded character(?: \(yourself, .*\))?", "青囊令一名受伤的角色回复体力"),
    (r"天香 discards one ♥ hand card \(红颜: ♠ counts as ♥\)", "天香须弃置一张红桃手牌（红颜：黑桃视为红桃）"),
    (r"突袭 takes from one or two other characters", "突袭须从一至两名其他角色处获得牌"),
    (r"刚烈 \(2013\) names one character of the other side", "刚烈（2013）须指定一名对方角色"),
    (r"缓释 retries judgements of your own side; seat (?P<s>\d+) is not", "缓释只能改判己方角色的判定；{s}不是己方角色"),
    (r"魂姿 awakens at 1 HP", "魂姿在体力为1时觉醒"),
    (r"救主 cannot be used at 1 HP", "体力为1时不能发动救主"),
    (r"挑衅: you are not in seat (?P<s>\d+)'s attack range", "挑衅：你不在{s}的攻击范围内"),
    (r"英魂 needs you to be wounded", "英魂须在你已受伤时发动"),
    (r"战神 awakens when you are wounded and a teammate has died", "战神在你已受伤且有队友阵亡时觉醒"),
    (r"攻心: seat (?P<s>\d+) has no hand cards", "攻心：{s}没有手牌"),
    (r"攻心 shows and moves a ♥ card", "攻心须展示并移动一张红桃牌"),
    (r"鬼道 retries with a black card \(♠ or ♣\)", "鬼道须用黑色牌（黑桃或梅花）改判"),
    (r"黄天 gives one 闪 or 闪电", "黄天须交给一张闪或闪电"),
    (r"黄天 is for 群 characters", "黄天只能由群势力角色发动"),
    (r"武魂: the character with the most 梦魇 marks judges", "武魂：须由梦魇标记最多的角色判定"),
    (r"(?P<k>\S+) is a lord skill: only the lord has it", "{k}是主公技：只有主公拥有"),
    (r"(?P<k>\S+) is a lord skill: this ruleset has no lord skills", "{k}是主公技：本规则不使用主公技"),
    (r"(?P<k>\S+) is a lord skill: no lord at this table has it", "{k}是主公技：本局没有拥有该技能的主公"),
    (r"(?P<k>\S+): draw (?P<n>\d+)", "{k}：应摸{n}张牌"),
    (r"(?P<k>\S+): discard (?P<n>\d+)", "{k}：应弃{n}张牌"),
    (r"(?P<k>\S+): recover (?P<n>\d+)", "{k}：应回复{n}点体力"),
    (r"(?P<k>\S+): damage (?P<n>\d+)", "{k}：应造成{n}点伤害"),
    (r"(?P<k>\S+): seat (?P<s>\d+) draws nothing by it", "{k}：{s}不因此摸牌"),
    (r"(?P<k>\S+) is an awakening skill: its condition held at the start of the turn", "{k}是觉醒技：回合开始时其条件已满足"),
    (r"涉猎 takes one card of each suit shown", "涉猎须获得每种花色各一张"),
    # --- turn flow
    (r"seat (?P<s>\d+) takes a turn; next in order is \[(?P<ss>[\d, ]*)\]", "{s}开始了回合；按顺序应轮到{ss}"),
    (r"(?P<ph>\w+) after (?P<ph2>\w+)", "{ph}阶段在{ph2}阶段之后"),
    (r"seat (?P<s>\d+) drew (?P<n>\d+) in the draw phase", "{s}在摸牌阶段摸了{n}张牌"),
    (r"the initial deal gives seat (?P<s>\d+) (?P<n>\d+) cards", "起始手牌应给{s}{n}张牌"),
    (r"seat (?P<s>\d+) ends the discard phase with (?P<n>\d+) cards and (?P<k>\d+) HP", "{s}弃牌阶段结束时有{n}张手牌、体力为{k}"),
    (r"seat (?P<s>\d+) discards down to (?P<n>\d+) cards with a hand limit of (?P<k>\d+)", "{s}弃到{n}张手牌，而手牌上限为{k}"),
    (r"(?P<k>\S+) used outside seat (?P<s>\d+)'s play phase", "{k}在{s}的出牌阶段之外使用"),
    (r"(?P<k>\S+) used in the (?P<ph>\w+) phase", "{k}在{ph}阶段使用"),
    (r"the (?P<ph>\w+) phase was to be skipped", "{ph}阶段应被跳过"),
    (r"this seat skips its next turn: the turn does not take place", "该角色须跳过其下一回合：此回合不应进行"),
    (r"seat (?P<s>\d+) skipped its turn of this round: the turn does not take place", "{s}号位本轮的回合已被跳过：此回合不应进行"),
    (r"seat (?P<s>\d+) is dead", "{s}已阵亡"),
    # --- 國戰 and 鏖戰
    (r"國戰 is for 2–10 players, not (?P<n>\d+)", "国战为2至10人游戏，而不是{n}人"),
    (r"each player has two generals: `general` \(主将\) and `deputy` \(副将\)", "每名玩家有主将与副将两张武将牌"),
    (r"unknown general (?P<g>.+)", "未知的武将{g}"),
    (r"(?P<g>\S+) is also seat (?P<s>\d+)'s", "{g}也是{s}的武将"),
    (r"two different generals", "须为两张不同的武将牌"),
    (r"the two generals are of one kingdom", "两张武将牌须为同一势力"),
    (r"(?P<a>\S+) and (?P<b>\S+) make (?P<n>\d+) whole fish", "{a}与{b}共有{n}个完整的阴阳鱼"),
    (r"(?P<a>\S+) and (?P<b>\S+) make (?P<n>\d+) whole fish: the header's max HP was wrong",
     "{a}与{b}共有{n}个完整的阴阳鱼：对局头中的体力上限有误"),
    (r"a player whose generals are not both named says its max HP \(`max_hp`\)", "未写明两张武将牌的玩家须给出体力上限"),
    (r"seat (?P<s>\d+)'s (?P<which>主将|副将) is (?P<g>\S+)", "{s}的{which}是{g}"),
    (r"(?P<g>\S+) is already face up", "{g}已经明置"),
    (r"a character's generals are turned face up as it dies", "角色阵亡时才因此明置其武将牌"),
    (r"the survivors are turned face up at the end only when no enemy can be left \(hegemony_end = (?P<x>\w+)\)",
     "只有在不可能再有敌对角色时，才在游戏结束时明置存活角色的武将牌"),
    (r"(?P<k>\S+): in (?P<g>.+)'s turn no other character turns a general face up", "{k}：在{g}的回合内，其他角色不能明置武将牌"),
    (r"a general is turned face up to use one of its own skills", "只能为发动该武将牌上的技能而明置它"),
    (r"a general is turned face up at the start of its owner's turn, or to use one of its skills",
     "武将牌只能在其拥有者的回合开始时明置，或为发动其技能而明置"),
    (r"the reveal makes seat (?P<s>\d+) (?P<kd>\w+)", "此次明置使{s}成为{kd}"),
    (r"(?P<k>\S+) is (?P<g>\S+)'s, face down: turn it face up first \(reveal_general\)", "{k}是暗置的{g}的技能：须先明置该武将牌"),
    (r"no (?P<kind>half|companion) draw is due: it comes once, as both generals are first face up",
     "此时没有可摸的{kind}牌：只在两张武将牌首次均明置时摸一次"),
    (r"the (?P<kind>half|companion) draw is (?P<n>\d+)", "{kind}摸牌为{n}张"),
    (r"珠联璧合 recovers 1 HP of a wounded character", "珠联璧合只能令已受伤的角色回复1点体力"),
    (r"seat (?P<s>\d+) must discard every hand and equipment card", "{s}须弃置所有手牌和装备牌"),
    (r"seat (?P<s>\d+) killed a character of its own kingdom and kept cards", "{s}杀死了同势力的角色，却保留了牌"),
    (r"once few characters are left a 桃 is only used or played as 杀 or 闪", "鏖战中桃只能当杀或闪使用或打出"),
    (r"(?P<k>\S+) discards one equipment card", "{k}须弃置一张装备牌"),
    (r"(?P<k>\S+) names another character whose two generals are face up", "{k}须选择一名两张武将牌均明置的其他角色"),
    (r"(?P<k>\S+) turns one general face down: choice main or deputy", "{k}暗置其中一张武将牌：须选择主将或副将"),
    (r"(?P<k>\S+) is used as you die", "{k}在你死亡时发动"),
    (r"(?P<k>\S+) names the character that killed you", "{k}须指定杀死你的角色"),
    (r"\[(?P<names>.*)\] in seat (?P<s>\d+)'s judge area were not judged", "{s}判定区里的{names}没有判定"),
    (r"seat (?P<s>\d+)'s judge area holds no (?P<k>\S+)", "{s}的判定区里没有{k}"),
]

_COMPILED = [(re.compile(en), zh) for en, zh in PATTERNS]


def _fill(m: re.Match[str], template: str) -> str:
    values = {}
    for name, value in m.groupdict().items():
        if value is None:
            values[name] = ""
            continue
        conv = CONVERT.get(name) or CONVERT.get(name.rstrip("2"))
        values[name] = conv(value) if conv else value
    return template.format(**values)


def detail_zh(detail: str) -> str | None:
    """The Chinese of an engine detail, or None when no pattern covers it."""
    for pat, zh in _COMPILED:
        m = pat.fullmatch(detail)
        if m is not None:
            return _fill(m, zh)
    return None


def message_zh(rule_zh: str, detail: str) -> str:
    """The whole Chinese message: the rule's sentence, then the detail in Chinese when it is known."""
    zh = detail_zh(detail) if detail else None
    return f"{rule_zh}：{zh}" if zh else rule_zh


#: the passages that are not the rulebook's Chinese (the format specification, or the rule's note that the
#: rulebook is silent): in a Chinese report
FORMAT_QUOTES_ZH = {
    "SGS-F001": "（日志格式说明）每行一个 JSON 对象。",
    "SGS-F002": "（日志格式说明）每个事件都有 type 字段；seat 是行动的座位。",
    "SGS-F003": "（日志格式说明）一张牌写作字符串“<花色><点数> <牌名>”。",
    "SGS-F004": "（日志格式说明）未知的规则是输入错误，决不默认替代。",
    "SGS-F005": "（日志格式说明）card 表示按其本身使用的一张实体牌。",
    "SGS-F006": "（日志格式说明）座位编号为 1 至 n。",
    "SGS-H001": "（日志格式说明）players 列出每一个座位。",
    "SGS-H006": "（日志格式说明）身份局中每名玩家有 role；3V3 和 1V1 中有 side，3V3 另有 position。",
    "SGS-C002": "（日志格式说明）同一张牌可能有实体重复（两张♠8 杀）；每个区域的牌按多重集合记录。",
    "SGS-P012": "规则书未规定【酒】的使用次数；本规则依据该牌较早的文字：「出牌阶段，对自己使用，令自己的下一张使用的【杀】造成的伤害+1（每回合限使用1次）」",
    "SGS-P013": "规则书未规定哪些牌可以重铸；本规则依据牌面文字：「重铸：将此牌置入弃牌堆并摸一张牌。」",
    "SGS-D003": "规则书没有一句话规定每次伤害都须有来由；本规则依据各牌与技能的文字，它们各自写明由谁造成多少伤害，例如「【决斗】对首先不出【杀】的一方造成1点伤害，而另一方视为此伤害的来源。」",
    "SGS-D011": "规则书未规定军争牌造成何种属性的伤害；本规则依据牌面文字：「对攻击范围内的一名角色使用：对目标角色造成1点雷电伤害。」",
    "SGS-D008": "规则书没有明言体力不能超过体力上限；本规则依据体力牌，它最多显示体力上限：「拿取对应人物体力上限的体力牌（看勾玉的数量），用武将牌盖住左侧。将体力牌置于武将牌下方，露出当前体力值。」",
    "SGS-S001": "规则书没有一句话规定武将只有其牌面上的技能；本规则依据一(三) 武将牌的武将列表，其中每名武将有自己的技能，例如「刘备 体力：4 仁德――出牌阶段，可以将任意数量的手牌以任意分配方式交给其他角色」",
    "SGS-5002": "规则书未规定暗置的武将何时可以明置；本规则依据国战规则文字与该模式最早的引擎（docs/hegemony.md），在规则书的框架之内：「游戲開始時所有武將處于“暗置”狀態」",
    "SGS-5003": "规则书未规定暗置的武将能做什么；本规则依据国战规则文字与该模式最早的引擎（docs/hegemony.md），在规则书的框架之内：「游戲開始時所有武將處于“暗置”狀態」",
    "SGS-5005": "规则书未规定两名武将的组合带来什么；本规则依据国战规则文字与该模式最早的引擎（docs/hegemony.md），在规则书的框架之内：「選擇勢力相同的兩個武將作為自己所扮演的角色」",
    "SGS-5006": "规则书未规定国战中击杀的奖励；本规则依据国战规则文字与该模式最早的引擎（docs/hegemony.md），在规则书的框架之内：「玩家的游戲目標與勢力相關：消滅所有與自己勢力不同的角色」",
}


def quote_zh(rule_id: str, text: str) -> str:
    """A passage as a Chinese report quotes it: the rulebooks' Chinese as it is, the rest in Chinese."""
    return FORMAT_QUOTES_ZH.get(rule_id, text)
