"""Every check of the validator, with its stable id, kind, messages and rulebook citation.

Ids: SGS-F… format, SGS-H… header and start position, SGS-C… card conservation, SGS-T… turn flow,
SGS-P… card play (use and respond), SGS-R… resolution order, SGS-D… damage, dying and death,
SGS-O… outcome, SGS-S… skills, SGS-3… 3v3 and 1v1 mode, SGS-4… 1v3 mode (虎牢關), SGS-5… 國戰 and 鏖戰,
SGS-X… house rules. Ids are never reused.
Citations name the rulebook by its short title (sgs_replay/rules/sources.py) and the section heading.
"""

from __future__ import annotations

from sgs_replay.rules import Kind, rule

S001_CARDS = "《三国杀》标准版规则（身份局） · 一、卡牌资料"
S001_FLOW = "《三国杀》标准版规则（身份局） · 二、游戏过程 (二)回合流程"
S001_END = "《三国杀》标准版规则（身份局） · 二、游戏过程 (三)游戏结束"
S001_SETUP = "《三国杀》标准版规则（身份局） · 二、游戏过程 (一)开始游戏"
S001_DEATH = "《三国杀》标准版规则（身份局） · 武将死亡"

K = Kind

# --- format -------------------------------------------------------------------------------------
F_JSON = rule("SGS-F001", K.FORMAT, "not-json", "The line is not a JSON object", "该行不是 JSON 对象",
              "docs/log-format.md §1", "A line that is not valid UTF-8 JSON.",
              "The rest of the file is still read so one bad line costs one event.", '{"type": "use", "seat": 3',
              quote="One JSON object per line.")
F_SCHEMA = rule("SGS-F002", K.FORMAT, "bad-event", "The line is not a valid event of the format", "该行不是合法的事件",
                "docs/log-format.md §4–§6", "Unknown type, unknown field (e.g. `targts`), missing field or wrong type.",
                "A misspelt field must never pass silently.", '{"type": "use", "seat": 3, "card": "♠7 杀", "targts": [4]}',
                quote="Every event has `type`. `seat` is the acting seat.")
F_CARD = rule("SGS-F003", K.FORMAT, "bad-card", "A card is not written in the card notation", "牌的写法不正确",
              "docs/log-format.md §3", "A card string that is not `<suit><rank> <name>` or `?`.",
              "Every rule that looks at a card needs to know which card it is.", '"♠14 杀"',
              quote="A card is written as a string `\"<suit><rank> <name>\"`")
F_HEADER = rule("SGS-F004", K.FORMAT, "bad-header", "Line 1 is not a valid game header", "第1行不是合法的对局头",
                "docs/log-format.md §4", "The header is missing, malformed, of another format version, or names an unknown ruleset, general or mode.",
                "Without a header no rule can be applied.", '{"type": "game", "format": "sgs-replay/2"}',
                quote="Unknown rulesets are an input error, never a silent default.")
F_SHAPE = rule("SGS-F005", K.FORMAT, "bad-shape", "The event's fields do not fit together", "事件字段组合不正确",
               "docs/log-format.md §5", "E.g. a `use` with both `card` and `as`, a move to a hand with no seat.",
               "The meaning of the event would be ambiguous.", '{"type": "use", "seat": 1, "as": "杀"}',
               quote="`card` = one physical card used as itself.")
F_SEAT = rule("SGS-F006", K.FORMAT, "unknown-seat", "The event names a seat that is not at the table", "事件引用了不存在的座位",
              "docs/log-format.md §2", "A seat number outside 1..n.", "Nothing can be checked about a seat that does not exist.",
              '{"type": "turn", "seat": 9} in a 5-player game',
              quote="Seats are numbered 1..n.")

# --- header and start position -----------------------------------------------------------------
H_SEATS = rule("SGS-H001", K.FORMAT, "seats", "Every seat must be listed exactly once", "每个座位须恰好出现一次",
               "docs/log-format.md §4", "The players list must hold seats 1..n once each.", "Seats define turn order and distance.",
               quote="`players` lists every seat.")
H_ROSTER = rule("SGS-H002", K.ILLEGAL_PLAY, "roster", "The general is not in the ruleset's roster", "武将不在该规则的武将池中",
                "《2013 王者之战 比赛规则》 (3v3-2013 roster); 《三国杀3V3解析·游戏牌篇》(2019) (3v3 2010-2012)", "Each ruleset names the generals it allows.",
                "A tournament game with a general outside the pool is not a game of that ruleset.",
                quote="三国杀3v3 2013：在三国杀3v3 2012的基础上，去除：许褚、黄忠、孟获、周泰、陆逊；加入：贾诩、姜维、孙策、文聘；修改：赵云、关羽、吕布、夏侯惇。")
H_ROLES = rule("SGS-H003", K.FORMAT, "roles", "The roles do not match the role table for this many players", "身份数量与人数不符",
               S001_SETUP + " 1、决定身份", "Identity mode: one lord in seat 1, and loyalist/rebel/renegade counts from the table.",
               "The role table fixes the balance of the game.",
               quote="参照下表，抽取等同于玩家人数的身份牌 … 抽到主公身份的玩家需立即亮出身份")
H_3V3 = rule("SGS-H004", K.FORMAT, "3v3-seating", "3v3 seating, sides or positions are wrong", "3V3座位、阵营或位置不正确",
             "docs/log-format.md §2; 《三国杀》标准版规则（身份局） · 3V3规则", "Six seats: cold vanguard, cold commander, cold vanguard, warm vanguard, warm commander, warm vanguard.",
             "Action order and directions depend on the seating.",
             quote="双方的座位顺序为:冷色前锋A-冷色主帅-冷色前锋B-暖色前锋B-暖色主帅-暖色前锋A(围绕桌子)")
H_START_CARD = rule("SGS-H005", K.BOOKKEEPING, "start-cards", "The start position holds a card the deck does not have (or too many copies)",
                    "初始局面中的牌不在牌堆中或超过张数", "reference: the ruleset's deck; 《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、比赛总则 2、比赛用牌",
                    "Every card of the start position must exist in the ruleset's deck, each no more often than its copies.",
                    "A card that does not exist cannot be in play.",
                    quote="三国杀“标准版”卡牌（包含EX牌）去除闪电，共106张卡牌。")
H_MODE = rule("SGS-H006", K.FORMAT, "mode", "The header's mode does not match the ruleset's mode", "模式与规则不符",
              "docs/log-format.md §4", "A 3v3 ruleset with an identity-mode header, etc.", "The mode decides which rules apply.",
              quote="In identity mode every player has `role`; in 3v3/1v1 `side` and (3v3) `position`.")

# --- card conservation -------------------------------------------------------------------------
C_NOT_HELD = rule("SGS-C001", K.ILLEGAL_PLAY, "card-not-held", "The seat does not hold that card", "该角色没有这张牌",
                  S001_SETUP + " 4、分发起始手牌", "A card used, played or discarded must be in the seat's hand (or equip area where allowed).",
                  "A player can only use cards they hold.", '{"type": "use", "seat": 3, "card": "♣8 杀"} when seat 3 holds only ♠7 杀',
                  quote="手牌：拿在手里的牌。")
C_NOT_THERE = rule("SGS-C002", K.BOOKKEEPING, "card-not-there", "The card is not where the event takes it from", "这张牌不在事件所说的区域",
                   "docs/log-format.md §5 (move)", "A `move` or `draw` takes a card from a zone that does not hold it.",
                   "Cards are conserved: each physical card is in exactly one place.",
                   quote="Physical duplicates exist (two `♠8 杀`); cards are tracked as a multiset per zone.")
C_PILE_TOP = rule("SGS-C003", K.BOOKKEEPING, "not-top-of-pile", "Cards must be drawn from the top of the draw pile", "须从牌堆顶摸牌",
                  S001_FLOW + " III 摸牌阶段", "When the order of the draw pile is known, a draw takes its top cards.",
                  "A draw takes the top cards unless a text says otherwise.",
                  quote="在游戏里，若没有特殊说明，“摸X张牌”指的就是从牌堆最上方摸牌。")
C_NOT_IN_DECK = rule("SGS-C004", K.ILLEGAL_PLAY, "not-in-deck", "The card is not in this ruleset's deck", "该牌不在本规则的牌堆中",
                     "reference: the ruleset's deck (e.g. no 闪电 in 3v3); 《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、比赛总则 2、比赛用牌", "A card that the ruleset's deck does not contain.",
                     "3v3 decks drop 闪电 and change other cards.",
                     quote="三国杀“标准版”卡牌（包含EX牌）去除闪电，共106张卡牌。")

# --- turn flow ---------------------------------------------------------------------------------
T_ORDER = rule("SGS-T001", K.RESOLUTION_ORDER, "turn-order", "Turns go in seat order from the lord", "回合须从主公开始按逆时针顺序进行",
               S001_FLOW, "The next turn belongs to the next living seat (下家).", "Turns go round the table from the lord, one seat after the other.",
               quote="进行游戏时，由主公开始，按逆时针方向以回合的方式进行。即：每名玩家有一个自己的回合，一名玩家回合结束后，右边玩家的回合开始，依次轮流进行。")
T_PHASE_ORDER = rule("SGS-T002", K.RESOLUTION_ORDER, "phase-order", "Phases go start, judge, draw, play, discard, finish", "阶段顺序须为开始、判定、摸牌、出牌、弃牌、结束",
                     S001_FLOW, "A logged phase may not come before one already passed in the same turn.", "A turn has six phases in a fixed order.",
                     quote="每个玩家的回合可以分为六个阶段： I 回合开始阶段 II 判定阶段 III 摸牌阶段 IV 出牌阶段 V 弃牌阶段 VI 回合结束阶段")
T_DRAW_COUNT = rule("SGS-T003", K.BOOKKEEPING, "draw-phase-count", "The draw phase draws two cards", "摸牌阶段须摸两张牌",
                    S001_FLOW + " III 摸牌阶段", "Unless a skill changes it, the draw phase draws exactly 2.", "The draw phase draws two cards.",
                    quote="从牌堆顶摸两张牌。")
T_DISCARD = rule("SGS-T004", K.BOOKKEEPING, "hand-limit", "After the discard phase the hand may not exceed current HP", "弃牌阶段后手牌数不得超过当前体力值",
                 S001_FLOW + " V 弃牌阶段", "At the end of the discard phase the hand holds at most as many cards as the current HP.",
                 "The hand limit is the current HP; the excess is discarded.",
                 quote="此时检查手牌数是否超出当前的体力值（手牌上限等于当前的体力值），每超出一张，需要弃一张手牌。")
T_DISCARD_EXCESS = rule("SGS-T005", K.BOOKKEEPING, "discard-too-many", "The discard phase discards only the excess over the hand limit", "弃牌阶段只须弃置超出上限的牌",
                        S001_FLOW + " V 弃牌阶段", "Discarding more cards than the excess in the discard phase.", "Only the excess over the hand limit is discarded.",
                        quote="每超出一张，需要弃一张手牌。")
T_NOT_YOUR_TURN = rule("SGS-T006", K.ILLEGAL_PLAY, "not-in-play-phase", "The card can only be used in your own play phase", "只能在自己的出牌阶段使用",
                       S001_CARDS + " (一) 杀; (四) 决斗", "杀, 桃 (to heal), tricks and equipment are used in the user's play phase.", "杀, 决斗 and the other cards used by choice are used in the user's own play phase.",
                       quote="出牌阶段，攻击范围内对除自己以外的一名角色使用 … 出牌阶段，对除自己外任意一名角色使用。")
T_SKIPPED = rule("SGS-T007", K.ILLEGAL_PLAY, "phase-skipped", "This phase must be skipped", "该阶段应被跳过",
                 S001_CARDS + " (四) 乐不思蜀", "A phase that a judgement (乐不思蜀, 兵粮寸断) or a skill made the player skip took place.",
                 "A judgement that fails skips the phase.",
                 quote="该角色进行一次判定，除非判定结果为红桃，否则跳过其出牌阶段。")
T_DEAD_ACTS = rule("SGS-T008", K.ILLEGAL_PLAY, "dead-seat-acts", "A dead character cannot act", "阵亡角色不能行动",
                   S001_DEATH, "A dead seat takes a turn, uses or plays a card.", "A character whose dying state was not saved is out of the game.",
                   quote="当一个武将的体力降到0或更低时，即进入濒死状态，除非自己或他人在此时用[桃]来挽救该武将，或者自己用[酒]自救（恢复一点体力），否则该武将出局")

T_JUDGE_MISSING = rule("SGS-T009", K.BOOKKEEPING, "judgement-missing", "Every delayed trick in the judge area is judged in the judge phase", "判定阶段须对判定区内的延时锦囊逐一判定",
                       S001_FLOW + " II 判定阶段", "The judge phase ended with a delayed trick neither judged nor countered by 无懈可击.",
                       "Each delayed trick in the judge area is judged in the judge phase.",
                       quote="若面前横置着延时类锦囊，必须依次对这些延时类锦囊进行判定。")

T_NO_CAUSE = rule("SGS-T010", K.BOOKKEEPING, "no-cause", "A delayed trick's judgement or phase skip with no such trick behind it",
                  "没有对应延时锦囊的判定或跳过阶段",
                  S001_FLOW + " II 判定阶段; " + S001_CARDS + " (四) 乐不思蜀/闪电",
                  "A `judge` for 乐不思蜀/闪电/兵粮寸断 when the seat's judge area holds no such card, or a phase skipped "
                  "for one that was not judged this turn.",
                  "Only a delayed trick in the judge area is judged, and only its judgement makes a phase be skipped.",
                  quote="【乐不思蜀】于该角色的判定阶段开始结算，其效果是：该角色进行一次判定，除非判定结果为红桃，否则跳过其出牌阶段。")

# --- card play ---------------------------------------------------------------------------------
P_SLASH_LIMIT = rule("SGS-P001", K.ILLEGAL_PLAY, "slash-limit", "Only one 杀 per play phase", "每个出牌阶段仅限使用一次【杀】",
                     S001_CARDS + " (一) 杀", "A second 杀 in the same play phase without 诸葛连弩, 咆哮 or similar.",
                     "One 杀 per play phase.", "two `use` of 杀 by seat 3 in one play phase",
                     quote="★每个出牌阶段只能使用一张【杀】。")
P_RANGE = rule("SGS-P002", K.ILLEGAL_PLAY, "slash-range", "The 杀 target is outside the attack range", "【杀】的目标不在攻击范围内",
               S001_CARDS + " (一) 杀", "The distance to the target exceeds the user's attack range (1, or the weapon's).",
               "杀 reaches only characters within the attack range.",
               quote="出牌阶段，攻击范围内对除自己以外的一名角色使用，效果是对该角色造成1点伤害。")
P_DISTANCE = rule("SGS-P003", K.ILLEGAL_PLAY, "trick-distance", "The trick's target is too far away", "锦囊目标距离超出限制",
                  S001_CARDS + " (四) 顺手牵羊", "顺手牵羊 (and 兵粮寸断) need distance 1.", "顺手牵羊 reaches only distance 1.",
                  quote="出牌阶段，对除自己以外，距离1以内的一名角色使用。")
P_TARGET = rule("SGS-P004", K.ILLEGAL_PLAY, "bad-target", "The card cannot target that character", "该牌不能指定该角色为目标",
                S001_CARDS + " (四) 借刀杀人", "Self-targeting where the card says 除自己外, a dead target, a wrong number of targets, 借刀杀人 on a seat with no weapon, …",
                "Each card's text says whom it may target.",
                quote="出牌阶段，对除自己外，装备区里有武器牌的一名角色A使用，A需对指定的一名角色B使用一张【杀】，否则获得A装备区里的武器。")
P_PEACH_FULL = rule("SGS-P005", K.ILLEGAL_PLAY, "peach-full-hp", "桃 cannot be used at full HP in the play phase", "未损失体力时不能在出牌阶段使用【桃】",
                    S001_CARDS + " (一) 桃", "Using 桃 on yourself in the play phase with no HP lost.", "桃 heals only a wounded user in the play phase.",
                    quote="★出牌阶段，若没有损失体力，不可以对自己使用【桃】。")
P_NO_DEMAND = rule("SGS-P006", K.ILLEGAL_PLAY, "no-demand", "Nothing asks this seat for that card now", "此时没有需要该角色出这张牌的时机",
                   S001_CARDS + " (一) 闪", "A `respond` (or a 闪 / 桃 used) with no matching demand: 闪 with no 杀/万箭齐发 aimed at the seat, 杀 with no 南蛮入侵/决斗, …",
                   "A response answers a demand; 闪 is used against an attack.",
                   quote="当受到【杀】的攻击时，可以使用一张【闪】来抵消【杀】的效果。 ★闪通常情况下只能在回合外使用或打出。")
P_WRONG_CARD = rule("SGS-P007", K.ILLEGAL_PLAY, "wrong-response", "The card does not answer the demand", "所出的牌不能响应该需求",
                    S001_CARDS + " (四) 南蛮入侵", "E.g. a 杀 answering a 杀, a 闪 to 南蛮入侵.", "Each demand names the card that answers it.",
                    quote="除非目标角色打出一张【杀】，否则该角色受到【南蛮入侵】对其造成的1点伤害。")
P_SAME_NAME = rule("SGS-P008", K.ILLEGAL_PLAY, "same-name-area", "No two same-name cards in one judge area", "判定区里不能放有两张同名的牌",
                   S001_FLOW + " IV 出牌阶段 2.", "A delayed trick placed where one of the same name already lies.",
                   "An area cannot hold two cards of the same name.",
                   quote="2. 任何一个玩家面前的判定区或装备区里不能放有两张同名的牌。")
P_CONVERSION = rule("SGS-P009", K.ILLEGAL_PLAY, "bad-conversion", "The physical cards do not qualify for this conversion", "实体牌不符合转化条件",
                    "《三国杀》标准版规则（身份局） · 一(三) 武将牌; 一(五) 丈八蛇矛", "武圣 needs a red card, 龙胆 杀↔闪, 倾国 a black hand card, 奇袭 a black card, 国色 a ♦ card, 急救 a red card outside your turn, 丈八蛇矛 two hand cards.",
                    "The conversion's text names which cards it accepts.",
                    quote="武圣――可以将任意一张红色牌当【杀】使用或打出。")
P_UNDODGEABLE = rule("SGS-P010", K.ILLEGAL_PLAY, "undodgeable", "This 杀 cannot be dodged", "此【杀】不可被闪避",
                     "《三国杀》标准版规则（身份局） · 一(三) 马超 铁骑; 《三国杀3V3解析·游戏牌篇》(2019) · 黄忠 烈弓", "A 闪 used against a 杀 that 铁骑 or 烈弓 made undodgeable.",
                     "The skill's text makes the 杀 undodgeable.",
                     quote="铁骑――当使用【杀】指定一名角色为目标后，可以进行判定，若结果为红色，此【杀】不可被闪避。")
P_ANALEPTIC = rule("SGS-P012", K.ILLEGAL_PLAY, "analeptic-limit", "酒 is used once per turn (not counting a rescue), on yourself",
                   "每回合限使用一次【酒】", "神话再临·军争篇 · 酒 (not in the rulebooks: docs/log-format.md §3); 《三国杀》标准版规则（身份局） · 武将死亡 (或者自己用[酒]自救)",
                   "A second 酒 in the same turn for its 杀 bonus, or a 酒 on another character.",
                   "The older wording limits it: 每回合限使用1次; only the dying character itself may use it to recover.",
                   quote="the rulebook does not say how often 酒 may be used; the rule follows the card's older wording: 「出牌阶段，对自己使用，令自己的下一张使用的【杀】造成的伤害+1（每回合限使用1次）」")
P_RECAST = rule("SGS-P013", K.ILLEGAL_PLAY, "recast", "The card cannot be recast", "该牌不能重铸",
                "神话再临·军争篇 · 铁索连环 (not in the rulebooks: docs/log-format.md §3)", "重铸 of a card other than 铁索连环 (or one a skill such as 连环 lets be recast).",
                "Only the cards whose text says 重铸 may be recast.",
                quote="the rulebook does not say which cards may be recast; the rule follows the card text: 「重铸：将此牌置入弃牌堆并摸一张牌。」")
P_EMPTY_CITY = rule("SGS-P011", K.ILLEGAL_PLAY, "protected-target", "The target's skill forbids this card", "目标的技能使其不能成为该牌的目标",
                    "《三国杀》标准版规则（身份局） · 一(三) 诸葛亮 空城, 陆逊 谦逊", "空城 with no hand cards: no 杀 or 决斗; 谦逊: no 顺手牵羊 or 乐不思蜀.",
                    "锁定技 protect their owner.",
                    quote="空城――锁定技，当没有手牌时，不能成为【杀】或〔决斗〕的目标。 … 谦逊――锁定技，不能成为【顺手牵羊】和【乐不思蜀】的目标。")

# --- resolution order --------------------------------------------------------------------------
R_TARGET_ORDER = rule("SGS-R001", K.RESOLUTION_ORDER, "target-order", "Targets resolve in turn order from the user's next seat", "目标须按行动顺序结算",
                      S001_CARDS + " (四) 南蛮入侵/万箭齐发", "Multi-target cards resolve target by target in seat order (3v3: in the chosen direction).",
                      "Multi-target cards resolve target by target in turn order, starting from the next seat.",
                      quote="按行动顺序结算 … ◆必须指定除自己外的所有角色为目标，然后依次（从下家开始）选择是否打出【杀】。")
R_JUDGE_ORDER = rule("SGS-R002", K.RESOLUTION_ORDER, "judge-order", "Delayed tricks are judged last placed first", "延时锦囊须从最后放置的开始判定",
                     S001_FLOW + " II 判定阶段", "With two delayed tricks, the one placed last is judged first (ruleset parameter `delayed_trick_order`).",
                     "The delayed trick placed last is judged first.",
                     quote="◆若面前横置有两种或更多的延时类锦囊，从最后一个施加的锦囊开始判定（最早放置的最后判定）。")
R_RESCUE_ORDER = rule("SGS-R003", K.RESOLUTION_ORDER, "rescue-order", "Rescue is asked from the current player onwards", "求桃须从当前回合角色开始依次询问",
                      "《三國殺各種模式的規則》 · 3V3玩法規則; docs/conflicts.md", "Peaches for a dying character come in seat order from the current player.",
                      "Rescue is asked from the current player onwards, in turn order.",
                      quote="4.同時機多技能沖突以及瀕死求桃時，從當前行動回合的角色開始按逆時針順序依次結算.")
R_INTERLEAVED = rule("SGS-R004", K.RESOLUTION_ORDER, "interrupted-resolution", "A new action began before the current resolution finished", "当前结算尚未完成就开始了新的行动",
                     S001_FLOW + " IV 出牌阶段", "The user played on while a card's resolution (responses, damage, dying) was still open.",
                     "Each card resolves completely before the next is used.",
                     quote="每使用一张牌，即执行该牌之效果。")

R_TRIGGER_ORDER = rule("SGS-R005", K.RESOLUTION_ORDER, "trigger-order",
                       "Simultaneous skills resolve from the current player in seat order; locked > general > equipment",
                       "同时机的技能须自当前行动角色开始依次结算；锁定技＞武将技能＞武器技能",
                       "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、比赛总则 6、武将技能结算顺序",
                       "Two skills that trigger at the same moment are logged in an order the rules do not permit (a later seat "
                       "before an earlier one, a weapon before a general skill, a player coming back after the next one answered).",
                       "Simultaneous skills resolve from the current player onwards; locked before general before weapon skills.",
                       quote="1）当同时有多个武将的技能可以发动时，自当前行动选手开始，逆时针顺序进行结算。 2）同时机多个技能结算发生冲突时，按以下优先级执行：锁定技武将技能武器技能。")
R_EFFECT_ORDER = rule("SGS-R006", K.RESOLUTION_ORDER, "effect-order", "An effect's steps happen in the order its text gives",
                      "效果须按描述的顺序依次执行", "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (周瑜 反间)",
                      "Two steps of one effect are logged the other way round: 反间's damage for a wrong guess and the target "
                      "getting the card (ruleset parameter `fanjian_order`: damage first in the rulebook, the card first in FreeKill).",
                      "The text gives the order of the steps.",
                      quote="若此牌与所选花色不吻合，则对该角色造成1点伤害。然后不论结果，该角色都获得此牌。")

# --- damage, dying, death ----------------------------------------------------------------------
D_AMOUNT = rule("SGS-D001", K.BOOKKEEPING, "damage-amount", "The damage amount is wrong", "伤害值不正确",
                S001_CARDS + " (一) 杀; (四) 闪电", "The card or effect fixes the amount (杀 1, 闪电 3, …).", "The card or the skill fixes the amount.",
                quote="效果是对该角色造成1点伤害。 … 若判定结果为黑桃2～9的牌，则【闪电】对该角色造成3点伤害，弃置【闪电】。")
D_MISSING = rule("SGS-D002", K.BOOKKEEPING, "missing-damage", "A damage the rules require was not logged", "规则要求的伤害未记录",
                 S001_CARDS + " (四) 万箭齐发", "The effect resolved (no answer, no counter) but the log goes on without the damage.",
                 "The consequence is mandatory.",
                 quote="除非目标角色打出一张【闪】，否则该角色受到【万箭齐发】对其造成的1点伤害。")
D_UNEXPECTED = rule("SGS-D003", K.BOOKKEEPING, "unexpected-damage", "Nothing causes this damage", "该伤害没有来由",
                    S001_CARDS, "A damage event that no card, judgement or skill in resolution accounts for (or the wrong source/nature).",
                    "Damage has a cause.",
                    quote="the rulebook does not say in one sentence that every damage needs a cause; the rule follows the card and skill texts, which each say who deals how much, e.g. 「【决斗】对首先不出【杀】的一方造成1点伤害，而另一方视为此伤害的来源。」")
D_NATURE = rule("SGS-D011", K.BOOKKEEPING, "damage-nature", "The damage has the wrong nature", "伤害属性不正确",
                "神话再临·军争篇 · 雷杀, 火杀, 火攻 (not in the rulebooks: docs/log-format.md §3)", "雷杀 deals thunder damage, 火杀 and 火攻 fire damage, every other card normal damage; a damage passed on along a chain keeps its nature.",
                "The nature decides 藤甲, 铁索连环 and the skills that ask for it.",
                '{"type": "damage", "source": 3, "target": 4, "amount": 1, "card": "♠4 雷杀"} (no nature)',
                quote="the rulebook does not say what nature a 军争 card deals; the rule follows the card texts: 「对攻击范围内的一名角色使用：对目标角色造成1点雷电伤害。」")
D_DEATH_MISSING = rule("SGS-D004", K.BOOKKEEPING, "missing-death", "A dying character nobody saved must die", "无人救回的濒死角色须阵亡",
                       S001_DEATH, "HP stayed at or below 0 after the rescue and the log goes on without `death`.",
                       "Unless a 桃 saves the dying character, the character dies.",
                       quote="除非自己或他人在此时用[桃]来挽救该武将，或者自己用[酒]自救（恢复一点体力），否则该武将出局")
D_DEATH_ALIVE = rule("SGS-D005", K.BOOKKEEPING, "death-with-hp", "A character with HP above 0 cannot die", "体力值大于0的角色不能阵亡",
                     S001_DEATH, "A `death` for a character whose HP is above 0.", "Death follows an unrescued dying state.",
                     quote="当一个武将的体力降到0或更低时，即进入濒死状态")
D_REWARD = rule("SGS-D006", K.BOOKKEEPING, "kill-reward", "The killer of a rebel draws three cards", "杀死反贼者须摸三张牌",
                S001_FLOW + " 奖励与惩罚", "After a rebel dies, the killer (any role) draws 3 at once (3v3: per ruleset `kill_reward`).",
                "Any killer of a rebel draws three cards at once.",
                quote="任何人除掉一名反贼（即便凶手也是反贼），立即摸三张牌。")
D_PENALTY = rule("SGS-D007", K.BOOKKEEPING, "loyalist-penalty", "A lord who kills a loyalist discards all hand and equipment cards", "主公错杀忠臣须弃置所有手牌和装备牌",
                 S001_FLOW + " 奖励与惩罚", "The lord killed a loyalist and did not discard every hand and equipped card.",
                 "A lord who kills a loyalist discards every hand and equipped card at once.",
                 quote="若主公错杀了忠臣，主公需要立即弃掉所有手牌和已装备的牌。")
D_HP = rule("SGS-D008", K.BOOKKEEPING, "hp-bounds", "Recovery cannot raise HP above max HP", "回复体力不能超过体力上限",
            S001_SETUP + " 3、分发体力牌", "A `recover` that would go over max HP, or recovery of a character at full HP.",
            "HP never exceeds max HP.",
            quote="the rulebook does not say in so many words that HP cannot rise above max HP; the rule follows the HP card, which shows at most the max HP: 「拿取对应人物体力上限的体力牌（看勾玉的数量），用武将牌盖住左侧。将体力牌置于武将牌下方，露出当前体力值。」")
D_NOT_DYING = rule("SGS-D009", K.ILLEGAL_PLAY, "not-dying", "Rescue only for a dying character", "只能对处于濒死状态的角色求桃",
                   S001_CARDS + " (一) 桃", "A 桃 used on another character who is not dying.", "A 桃 on another character is a rescue, and only a dying character is rescued.",
                   quote="2）当有角色处于濒死状态时，可以对该角色使用【桃】，防止该角色的死亡。")

D_CARD_EFFECT = rule("SGS-D010", K.BOOKKEEPING, "card-effect", "The card's effect was not carried out as its text says", "卡牌效果执行不正确",
                     S001_CARDS + " (四) 无中生有; 五谷丰登", "E.g. 无中生有 drawing other than two cards, 五谷丰登 revealing other than one card per living character.",
                     "The effect of a card is fixed by its text.",
                     quote="出牌阶段，对自己使用。摸两张牌。 … 从牌堆亮出等同于现存角色数量的牌")

# --- outcome -----------------------------------------------------------------------------------
O_AFTER_END = rule("SGS-O001", K.OUTCOME, "after-end", "The game was already over", "游戏已经结束",
                   S001_END, "An event after a victory condition was met (or after `game_end`).", "The game ends the moment a victory condition holds.",
                   quote="当以下任意一种情况发生时，游戏立即结束：")
O_WINNER = rule("SGS-O002", K.OUTCOME, "wrong-winner", "The declared winner or reason is wrong", "宣布的胜者或原因不正确",
                S001_END + "; 《三国杀》标准版规则（身份局） · 三(一) 游戏目标", "`game_end` names a winner the position does not give.", "The victory conditions decide the winner.",
                quote="1）主公被“杀”。此时若内奸是唯一存活的角色（有且仅有一名内奸存活），则内奸获胜，除此之外的情况为反贼获胜（不论反贼角色死活）。")
O_MISSING_END = rule("SGS-O003", K.OUTCOME, "missing-end", "The game is over but `game_end` is missing", "游戏已结束但缺少结束记录",
                     S001_END + "; 《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 二、赛事流程介绍 4、裁决阶段", "A victory condition was met and the log ends without `game_end`.", "Every finished game states its result.",
                     quote="比赛结束阶段，由裁判宣布比赛结束并宣布获胜方。")
O_EARLY_END = rule("SGS-O004", K.OUTCOME, "premature-end", "`game_end` before any victory condition was met", "尚未满足胜利条件就结束了游戏",
                   S001_END, "The game is declared over while no condition holds.", "The game ends only when a victory condition holds.",
                   quote="当以下任意一种情况发生时，游戏立即结束： 1）主公被“杀”。 … 2）所有的反贼和内奸都已死亡：主公和忠臣（不论死活）都获胜。")

# --- skills ------------------------------------------------------------------------------------
S_NOT_OWNED = rule("SGS-S001", K.ILLEGAL_PLAY, "skill-not-owned", "The seat's general does not have this skill", "该武将没有此技能",
                   "《三国杀》标准版规则（身份局） · 一(三) 武将牌", "A skill invoked (or a conversion used) by a general that does not have it.",
                   "Each general has the skills printed on its card.",
                   quote="the rulebook does not say in one sentence that a general has only the skills printed on it; the rule follows the general list of 一(三) 武将牌, which gives each general its own skills, e.g. 「刘备 体力：4 仁德――出牌阶段，可以将任意数量的手牌以任意分配方式交给其他角色」")
S_LIMIT = rule("SGS-S002", K.ILLEGAL_PLAY, "skill-limit", "The skill's use limit is exceeded", "技能发动次数超过限制",
               "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (孙权 制衡)", "E.g. 制衡, 反间, 结姻, 青囊, 离间: 出牌阶段限一次.", "The skill's text limits it.",
               quote="制衡――出牌阶段，可以弃掉任意数量的牌,然后摸取等量的牌，每回合限用一次。")
S_TIMING = rule("SGS-S003", K.ILLEGAL_PLAY, "skill-timing", "The skill cannot be used at this moment", "此时不能发动该技能",
                "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (甄姬 洛神)", "A skill invoked outside its timing (an active skill outside the play phase, a triggered skill without its trigger).",
                "Each skill names when it may be used.",
                quote="洛神――回合开始阶段，可以进行判定")
S_CONDITION = rule("SGS-S004", K.ILLEGAL_PLAY, "skill-condition", "The skill's condition is not met", "技能的发动条件不满足",
                   "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (孙尚香 结姻)", "Wrong cost, wrong number of cards or targets, a target the text excludes.", "The text states its conditions.",
                   quote="结姻――出牌阶段，可以弃两张手牌并选择一名受伤的男性角色：和目标角色各回复1点体力。每回合限用一次。")
S_LORD = rule("SGS-S005", K.ILLEGAL_PLAY, "lord-skill", "Lord skills belong to the lord only (never in 3v3)", "主公技仅主公可用（3V3中不可用）",
              "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (主公技); 《三国杀3V3解析·游戏牌篇》(2019) / 《三国杀》标准版规则（身份局） · 3V3规则", "A lord skill used by a non-lord, or in a ruleset without lord skills.",
              "3v3 commanders have no lord skills.",
              quote="◆主公技 此规则变体中不使用主公技.")
S_EFFECT = rule("SGS-S006", K.BOOKKEEPING, "skill-effect", "The skill's effect was not carried out as its text says", "技能效果执行不正确",
                "《三国杀》标准版规则（身份局） · 一(三) 武将牌 (黄盖 苦肉)", "E.g. 苦肉 without losing 1 HP, 制衡 drawing a different number than discarded.", "The effect is fixed by the text.",
                quote="苦肉――出牌阶段，可以失去一点体力，然后摸两张牌。")

# --- 3v3 ---------------------------------------------------------------------------------------
V_ACTION_ORDER = rule("SGS-3001", K.RESOLUTION_ORDER, "action-order", "It is the other side's action unit", "此时应由另一方行动",
                      "《三国杀》标准版规则（身份局） · 3V3规则; 《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 二、赛事流程介绍", "Action units alternate between the sides; a side with every card sideways passes.",
                      "The sides take action units in turn.",
                      quote="2.行动顺位,双方交替有一个行动机会,但若轮到其中一方行动时,该阵营的所有身份牌均为横置状态,且对方阵营仍有身份牌未横置,则应将行动权交给对方阵营----直到出现1.中所述情况为止。")
V_UNIT = rule("SGS-3002", K.RESOLUTION_ORDER, "action-unit", "The turn does not belong to the declared action unit", "该回合不属于所宣布的行动单元",
              "《三国杀》标准版规则（身份局） · 3V3规则", "A unit is the commander alone, or both living vanguards one after the other in the declared order.",
              "A unit is the commander alone, or every vanguard one after the other.",
              quote="3.拥有行动权的一方,可以由主帅选择,主帅行动或是前锋行动,若选择主帅行动,则主帅执行完一个完整的回合后即移交行动权;但若选择前锋行动,则须分别执行完所有的前锋回合后才移交行动权")
V_DIRECTION = rule("SGS-3003", K.ILLEGAL_PLAY, "direction", "The resolution direction is missing or not allowed", "结算方向缺失或不允许",
                   "《三国杀3V3解析·游戏牌篇》(2019) / 《三国杀》标准版规则（身份局） · 3V3规则", "3v3 AOE and global tricks need a chosen direction (cw/ccw).", "The user chooses the direction for the global tricks.",
                   quote="南蛮入侵 指定目标为所有角色,但出牌(杀)顺序由出南蛮入侵的玩家指定(顺时针或逆时针)")
V_TIME = rule("SGS-3004", K.OUTCOME, "time-up-result", "The time-up result does not follow the tie-breaks", "时间到后的胜负判定不正确",
              "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、比赛总则 4、比赛获胜条件", "After time is up: more living characters, then less lost HP, then fewer penalty points.",
              "After time is up the tie-breaks decide, in order.",
              quote="比赛时间结束，如果双方主帅均存活，则比较双方存活武将数，存活武将数多的一方获胜。如果双方存活武将数相同，则比较双方存活武将已损失体力值，已损失体 力值少的一方获胜。如果以上数值都相同，则比较双方所被扣罚的技术分，被扣罚分数少的一方获胜。")
V_DRAFT = rule("SGS-3005", K.ILLEGAL_PLAY, "draft", "The draft does not follow the procedure", "选将不符合规则",
               "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 二、赛事流程介绍; 《三国杀3V3解析·游戏牌篇》(2019) / 《三国杀》标准版规则（身份局） · 3V3规则", "Pick sizes 1,2,2,2,2,2,2,2,1 alternating, only from the pool, never twice; lineups from own picks.",
               "Pick turns take 1, 2, 2, 2, 2, 2, 2, 2, 1 generals.",
               quote="步骤6：选将顺序及数量为 1、2、2、2、2、2、2、2、1。")
V_MATCH_SIDES = rule("SGS-3006", K.ILLEGAL_PLAY, "match-sides", "The teams do not switch colour from one game of the match to the next",
                     "同一轮比赛中双方未交换冷暖色", "《三国杀3V3解析·游戏牌篇》(2019) / 《三国杀》标准版规则（身份局） · 3V3规则 步骤4 (下一局直接轮换色系); 《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、1(1)",
                     "Games with the same `meta.match` id are one best-of-3 match between the same two teams (players keep their names); each game the team that was cold plays warm.",
                     "The teams switch colours from one game to the next.",
                     quote="步骤4：拿到主公牌的使用暖色系身份牌，拿到内奸牌的使用冷色系身份牌。下一局直接轮换色系。")
V_MATCH_COMMANDER = rule("SGS-3007", K.ILLEGAL_PLAY, "commander-rotation", "The team's commander does not rotate between the games of the match",
                         "同一轮比赛中主帅选手未轮换", "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、1(1)",
                         "In a match of more than one game each team's commander is a player who has not yet been its commander in that match.",
                         "A team's commander changes from one game to the next.",
                         quote="如比赛局数大于一局，主帅选手应当进行轮换。")
V_MATCH_RESULT = rule("SGS-3008", K.OUTCOME, "match-result", "The match result is wrong", "整轮比赛结果不正确",
                      "《三国杀标准版+风 3v3 比赛用牌（2010 版）》规则 · 一、1(1)", "A match is won by the first team to win 2 games (best of 3): no game after that, no more than 3 games, and `meta.match_winner` names the team that won.",
                      "A match is best of three.",
                      quote="一轮比赛采用3局2胜得赛制，双方队伍进行2-3局的比赛，任一方先获胜2局即获得该轮比赛的胜利。")

# --- 1v1 ----------------------------------------------------------------------------------------
S002_1V1 = "《2013 王者之战 比赛规则》 · 1V1, 4．武将阵亡及新武将登场"
V_NEXT_GENERAL = rule("SGS-3009", K.ILLEGAL_PLAY, "1v1-next-general", "The next general does not enter as the 1v1 rules say",
                      "新武将登场不符合单挑规则", S002_1V1,
                      "When a player's general dies and the player has generals left, one of its reserves enters (`general_choice`) "
                      "before the interrupted resolution goes on; a general already played, not a reserve, or an entry with no death "
                      "before it is wrong.",
                      "A dead general is replaced by one of the player's own reserves, at once.",
                      '{"type": "general_choice", "seat": 2, "general": "吕布"} with 吕布 not among seat 2\'s reserves',
                      quote="B.阵亡角色方弃置阵亡武将的所有牌张并移除武将牌然后从自己的备选武将中选择一名武将登场，调整体力并获得等同于体力上限数量的起始手牌。C.继续之前未完成的结算。")
V_ENTRY_HAND = rule("SGS-3010", K.BOOKKEEPING, "1v1-entry-hand", "The entering general's starting hand is not its max HP in cards",
                    "登场武将的起始手牌数不等于体力上限", S002_1V1,
                    "The general that enters draws as many cards as its max HP (`draw`, reason `initial`), before anything else happens.",
                    "A general enters with full HP and a hand of max-HP cards.",
                    '{"type": "draw", "seat": 2, "cards": ["♦2 闪"], "reason": "initial"} for a 4-HP general',
                    quote="调整体力并获得等同于体力上限数量的起始手牌")
V_DEATH_TURN = rule("SGS-3011", K.RESOLUTION_ORDER, "1v1-turn-after-death", "The turn went on after the character died in its own turn",
                    "角色在自己的回合内阵亡后回合仍在继续", S002_1V1,
                    "A character that dies in its own turn ends that turn: once the next general has entered, the opponent starts a new turn.",
                    "A death in one's own turn hands the turn to the opponent.",
                    "after seat 1 dies in its play phase and its next general enters, a `phase` of seat 1",
                    quote="E.武将登场结算完毕。（如果角色在自己的回合内阵亡，则由对方开始新的回合。）")
V_DRAFT_1V1 = rule("SGS-3012", K.ILLEGAL_PLAY, "1v1-draft", "The 1v1 draft does not follow the procedure", "单挑选将不符合规则",
                   "《三國殺各種模式的規則》 · 1v1",
                   "Ten different generals of the roster in the pool; the 主公 (warm) player picks first, then the players alternate, "
                   "only from the pool, never twice; each player's starting general and reserves (`general_choice`) come from its own picks.",
                   "The players draft from a pool of ten, the 主公 first.",
                   '{"type": "draft_pick", "side": "cold", "generals": ["吕布"]} as the first pick',
                   quote="1v1:從將堆中隨機抽出10張將牌（6張正面朝上4張反扣在桌上），將2張身份牌（主公和內奸）反扣在桌上。將牌放完后抽身份牌主公先選牌")

# --- 1v3 虎牢關 -----------------------------------------------------------------------------------
S003_1V3 = "《三國殺各種模式的規則》 · 1V3虎牢關模式"
HL_SETUP = rule("SGS-4001", K.ILLEGAL_PLAY, "1v3-setup", "The 1v3 table or the opening hands are not as the rules set them",
                "虎牢关座位、身份或起始手牌不符合规则", S003_1V3,
                "Four seats: 神吕布 (seat 1, role `lord`, the first form 最强神话 at the start) and the allies 先锋, 中坚, 大将 "
                "(seats 2–4, role `rebel`, any general but 神吕布). Opening hands: 先锋 3, 中坚 4, 大将 5, 神吕布 8 "
                "(`hulao_initial_hands`).",
                "The seats fix who acts when; the hands balance one against three.",
                '{"type": "draw", "seat": 2, "cards": ["♠7 杀", "♦2 闪", "♥3 桃", "♣8 杀"], "reason": "initial"} (先锋 draws 3)',
                quote="游戲開始時使用“最強神話”的武將牌。…（牌局開始先鋒3張牌基本牌，中堅4張牌，大將5張，神呂布8張）")
HL_ORDER = rule("SGS-4002", K.RESOLUTION_ORDER, "1v3-turn-order", "The turn is not the one the 1v3 order allows",
                "虎牢关行动顺序不符合规则", S003_1V3,
                "First stage: the allies act in seat order (先锋, 中坚, 大将), each once a round; after each allied turn 神吕布 "
                "may take a turn (`hulao_lvbu_turn_optional`; never two of his turns in a row); a round over, the markers are "
                "reset. A reforming ally's step takes his place and is followed by no turn of 神吕布. Second stage: 神吕布, 先锋, "
                "中坚, 大将 in turn.",
                "神吕布 has no turn of his own in the first stage: he acts in the gaps between the allies' turns.",
                '{"type": "turn", "seat": 1} right after a turn of seat 1',
                quote="此階段的神呂布沒有自己的固定回合，而是在聯合軍的每個回合間隙（即每個聯合軍的回合結束后）可選擇是否進行自己的回合。")
HL_SWITCH = rule("SGS-4003", K.RESOLUTION_ORDER, "1v3-switch", "神吕布 does not switch to his second form as the rules say",
                 "神吕布未按规则进入第二阶段", S003_1V3,
                 "When 最强神话's HP falls to 4 or less (damage or loss of HP, before any dying state) the next event is his "
                 "`general_choice` of 暴怒的战神: he keeps hand and equipment, the judge area is discarded, a chained "
                 "character is reset, HP becomes 4 of 4; the current turn and every resolution end, and 神吕布's turn comes at "
                 "once. A switch with no cause, or any other event first, is reported.",
                 "The stage change interrupts everything: nothing of the old resolution may go on.",
                 '{"type": "dying", "seat": 1} after damage that takes 最强神话 from 5 HP to 0',
                 quote="當此階段的神呂布體力降至4點（或更低）時，神呂布玩家必須將他的武將牌換成另一張神呂布――戰斗進入第二階段。神呂布依然保留他當前擁有的牌，棄掉它判定區里的牌，如果神呂布處于橫置，重置之，然后體力回復至4點。當前玩家的回合即時終止（所有結算都終止），立即輪到神呂布行動")
HL_REFORM = rule("SGS-4004", K.ILLEGAL_PLAY, "1v3-reform", "A retreated ally does not reform or return as the rules say",
                 "撤退的联军角色未按规则重整或复活", S003_1V3,
                 "An ally who dies retreats (0 HP, no cards). In place of each of his turns he recovers 1 HP (`recover`), at full "
                 "HP draws 1 card instead (`draw`, reason `reform`); after `hulao_reform_rounds` (6) such steps he returns to play "
                 "at his next place in the order (`general_choice` of his own general, full HP) without acting in that round. A "
                 "step out of place, of the wrong kind or size, an early or missing return, or a turn while reforming is reported.",
                 "Reforming is not a turn: the ally comes back slowly and takes nothing else in the meantime.",
                 '{"type": "draw", "seat": 3, "cards": ["♠7 杀"], "reason": "reform"} while seat 3 is at 1 of 4 HP',
                 quote="原本該角色的回合則改為（用正面向下的武將牌擋住體力牌）回復一點體力，若體力回滿則摸一張牌，如此6輪后――體力為四的角色體力回滿手牌兩張（或體力為三的角色體力回滿手牌三張），該角色重新進入游戲（在剛復活的那一回合不能行動――僅僅是回到游戲中，身份牌為橫置狀態）。")
HL_EXHAUSTED = rule("SGS-4005", K.OUTCOME, "1v3-exhausted", "The draw pile was used up for the last time and the game went on",
                    "牌库用完规定次数后游戏未以平局结束", S003_1V3,
                    "When the draw pile runs out for the `hulao_exhaustion_limit`-th time (3; two with 军争) the game ends drawn "
                    "(`game_end`, winner `none`, reason `draw`) instead of a reshuffle.",
                    "A long game between equal sides ends in a draw.",
                    '{"type": "draw", "seat": 2, "cards": ["♠7 杀", "♦2 闪"], "reason": "phase"} needing a third reshuffle',
                    quote="牌庫用完三次（若加入軍爭篇…兩次）時，游戲結束（此時雙方戰平）。")

# --- 國戰 (hegemony) and 鏖戰 ----------------------------------------------------------------------
S003_HEG = "《三國殺各種模式的規則》 · 二、國戰模式"
S003_AOZHAN = "《三國殺各種模式的規則》 · 三、鏖戰模式"
_HEG_TEXT = ("the 國戰 rule text and the mode's earliest engine (docs/hegemony.md), within the rulebook's frame: ")
HG_SETUP = rule("SGS-5001", K.ILLEGAL_PLAY, "hegemony-setup", "A player's two generals are not two generals of one kingdom, or its max HP is not theirs",
                "国战两张武将牌须为同一势力，体力上限须与阴阳鱼相符", S003_HEG + " · 2.選擇武將",
                "Each player has two different generals of one kingdom (`general` = 主将, `deputy` = 副将), each general once at "
                "the table; its max HP is the whole fish of the two cards, ⌊(a + b) / 2⌋ of their half units. A log from a "
                "player's view writes `?` for a face-down general and gives `max_hp`; both are checked when the general is revealed.",
                "The pair fixes the kingdom, the HP and the skills a player may use.",
                '{"seat": 1, "general": "曹操", "deputy": "刘备"}',
                quote="選將階段，玩家需選擇勢力相同的兩個武將作為自己所扮演的角色，游戲開始時所有武將處于“暗置”狀態。")
HG_REVEAL = rule("SGS-5002", K.ILLEGAL_PLAY, "hegemony-reveal", "A general is turned face up when it may not be, or is not the seat's",
                 "明置武将的时机或武将不符合规则", S003_HEG,
                 "A general is turned face up (`reveal_general`) at the start of its owner's turn, to use one of its own skills "
                 "(`skill`), or as its owner dies (`death`); the general named is the seat's, face down until then. In the "
                 "turn of a character whose 祸水 is face up nobody else reveals. At the game's end only under `hegemony_end = "
                 "no_enemy_possible`.",
                 "Hidden generals are the mode: when one may show itself decides what the others know.",
                 '{"type": "reveal_general", "seat": 3, "main": "张辽"} in seat 1\'s play phase',
                 quote="the rulebook does not say when a face-down general may be turned face up; the rule follows " + _HEG_TEXT
                 + "「游戲開始時所有武將處于“暗置”狀態」")
HG_FACE_DOWN = rule("SGS-5003", K.ILLEGAL_PLAY, "hegemony-face-down-skill", "A skill of a face-down general is used",
                    "使用了暗置武将的技能", S003_HEG,
                    "A face-down general has no skill: its skill is used only once the general is face up, by a `reveal_general` "
                    "before it (which a skill's use allows at any time). Reported, then the general is taken as face up.",
                    "Using a hidden general's skill without showing it would use information the others do not have.",
                    '{"type": "skill", "seat": 2, "skill": "突袭"} with 张辽 face down',
                    quote="the rulebook does not say what a face-down general can do; the rule follows " + _HEG_TEXT
                    + "「游戲開始時所有武將處于“暗置”狀態」")
HG_KINGDOM = rule("SGS-5004", K.BOOKKEEPING, "hegemony-kingdom", "The kingdom a reveal gives is not the one the rules give",
                  "明置后的势力不符合规则", S003_HEG + " · 1.游戲目標",
                  "The first reveal fixes the kingdom: the general's, or 野心家 (`careerist`) when that kingdom would then have "
                  "more characters revealed (alive or dead, 野心家 not counted) than half the players. A `kingdom` the log "
                  "gives is checked.", "The kingdom decides friends, rewards and the winner.",
                  '{"type": "reveal_general", "seat": 5, "main": "曹仁", "kingdom": "wei"} as the fourth 魏 of six players',
                  quote="國戰場共有4種勢力：魏、蜀、吳、群和一種特殊身份：野心家。")
HG_BONUS = rule("SGS-5005", K.BOOKKEEPING, "hegemony-pair-bonus", "The leftover half fish or 珠联璧合 is taken wrongly",
                "阴阳鱼或珠联璧合的奖励不符合规则", S003_HEG,
                "The first time both generals of a player are face up: a half fish left over lets it draw 1 (`draw`, reason "
                "`half`); a 珠联璧合 pair lets it draw 2 (reason `companion`) or recover 1 HP if wounded. Both right away or never.",
                "A bonus is part of the balance of the pair; taken twice or at another moment it is a card out of nowhere.",
                '{"type": "draw", "seat": 2, "cards": ["♠7 杀"], "reason": "half"} with no pair just revealed',
                quote="the rulebook does not say what a pair of generals gives; the rule follows " + _HEG_TEXT
                + "「選擇勢力相同的兩個武將作為自己所扮演的角色」")
HG_REWARD = rule("SGS-5006", K.BOOKKEEPING, "hegemony-reward", "The reward or penalty for a kill is not the one the kingdoms give",
                 "国战击杀奖惩不符合规则", S003_HEG + " · 1.游戲目標",
                 "A killer with a kingdom who kills a character of another kingdom draws as many cards as that kingdom then has "
                 "characters, the victim included (a 野心家 victim: 1; a 野心家 killer: `hegemony_careerist_reward`); one who "
                 "kills a character of its own kingdom discards every hand and equipment card; a killer with no general face up "
                 "gets nothing.", "The reward is what makes attacking a strong kingdom worth it.",
                 '{"type": "draw", "seat": 1, "cards": ["♠7 杀"], "reason": "reward"} for a kingdom of three',
                 quote="the rulebook does not say what a kill earns in 國戰; the rule follows " + _HEG_TEXT
                 + "「玩家的游戲目標與勢力相關：消滅所有與自己勢力不同的角色」")
HG_AOZHAN = rule("SGS-5007", K.ILLEGAL_PLAY, "aozhan-peach", "A 桃 is used as itself in 鏖戰",
                 "鏖战中桃只能当杀或闪使用或打出", S003_AOZHAN,
                 "Once 鏖戰 has begun (checked as each turn begins: at most `aozhan_threshold` characters left and no two of "
                 "them of one kingdom), a 桃 is used or played only as 杀 or 闪 (`as`, skill 鏖戰), never as itself.",
                 "The last few characters must fight it out instead of healing.",
                 '{"type": "use", "seat": 2, "card": "♥3 桃", "targets": [2]} in 鏖戰',
                 quote="當游戲中僅剩四名或更少角色時（七人以下游戲時為三名或更少），若此時全場沒有超過一名勢力相同的角色，則從一個新的回合開始，"
                 "游戲進入鏖戰模式直至游戲結束。…在鏖戰模式中，桃只能當做殺或閃使用或打出，不能用來回復體力。")

# --- house rules ---------------------------------------------------------------------------------
X_ATTRITION = rule("SGS-X001", K.BOOKKEEPING, "attrition", "With three characters left, every living character loses 1 HP at each round's start after three rounds",
                   "只剩三名角色时，三轮以后每轮开始时所有存活角色各失去1点体力",
                   "《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 3 (house rule; ruleset house-attrition)",
                   "Once only three characters are left, the first three rounds that begin afterwards are free; from the fourth, as the lord's turn begins, every living character loses 1 HP (`lose_hp`, reason `attrition`) before anything else happens, and the characters brought to 0 HP are then rescued or die one by one from the lord. When the loss would bring two or more characters to 0 HP together, it waits for the next round. A missing loss, a loss that is not due and a loss of another amount are reported.",
                   "A house rule that ends long games: the table agreed to it when it chose the ruleset.",
                   '{"type": "turn", "seat": 1} then {"type": "phase", "seat": 1, "phase": "start"} in the fourth round after three were left',
                   quote="当游戏只剩三名玩家时，三轮以后每轮所有人同时各减一点体力，如一起出局则延续到下轮。")
X_ANHUN = rule("SGS-X002", K.ILLEGAL_PLAY, "anhun-protection", "The player out first in the previous game may not be out first in this one",
               "上局第一个出局的玩家本局不能第一个出局",
               "《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 2 (house rule; ruleset house-anhun)",
               "The header's `protected_player` was out first in the previous game of the series. While nobody else is out, that player's death is reported unless the killer is a character the protected player attacked in this game (used a card or skill at, or damaged); a death with no killer (闪电, a loss of HP) is no exception. The header must name a player at the table.",
               "A house rule against a player being knocked out first game after game; the table agreed to it when it chose the ruleset.",
               '{"type": "death", "seat": 4, "killer": 2} where seat 4 is the protected player and has never attacked seat 2',
               quote="此局游戏第一个出局的玩家，下局不能第一个出局，换言之，最后一滴血受规则保护。但只要有人先出局了，或者被攻击的人攻击他，则不受此规则保护。")

X_ZS_CITE = "《三国杀》标准版规则（身份局） · 游戏规则 (二)详细规则 · 转世规则 (house rule; ruleset house-zhuanshi)"
X_SACRIFICE = rule("SGS-X003", K.ILLEGAL_PLAY, "sacrifice", "献祭 by a player who may not give, to a player who may not take it, or twice in one turn",
                   "献祭不合规则（给出者、接受者或每回合次数）", X_ZS_CITE,
                   "献祭 is a `move` (reason 献祭) of one hand card from a living player who is not reincarnated to an out player (dead, not reincarnated) who can still reincarnate; each giver at most once a turn (any player's turn), in total. An out player left without an unused general of its kingdom accepts no more. An out player takes no turn and does nothing else until it reincarnates (SGS-T001, SGS-T008).",
                   "A house rule that keeps out players in the game; the table agreed to it when it chose the ruleset.",
                   '{"type": "move", "cards": ["♠7 杀"], "from": {"seat": 2, "zone": "hand"}, "to": {"seat": 4, "zone": "hand"}, "reason": "献祭"} a second time in the same turn',
                   quote="其他玩家每回合每人可以选择给他一张手牌，作为献祭。每名玩家每回合只能献祭一次。…玩家转世后与其它玩家同等对待，但不能献祭其他角色。…这种情况下该玩家可保留接受献祭的4张牌，但不能再接受新的献祭。")
X_REINCARNATION = rule("SGS-X004", K.BOOKKEEPING, "reincarnation", "The out player does not reincarnate at once, or with the wrong general or HP",
                       "转世的时机、武将或体力不正确", X_ZS_CITE,
                       "When an out player's hand reaches 4 cards (3 in a game of 4 or 5 players) the next event is its `general_choice`: an unused general (the roster minus the living characters' generals) of its old general's kingdom (a 群 or 神 general's player takes the first one turned up), after the unused generals `turned_up` before it, none of that kingdom. The new character has 1 HP and its general's printed max HP, keeps its hand and takes its next turn in seat order. A `general_choice` with no reincarnation due, a missing one and a wrong general are reported; with no unused general of its kingdom the player cannot reincarnate.",
                       "A house rule that brings out players back; the table agreed to it when it chose the ruleset.",
                       '{"type": "general_choice", "seat": 4, "general": "孙权"} where seat 4\'s old general was 魏',
                       quote="当已出局的这名角色手牌到达4张（4～5人游戏：3张）时，这名玩家立即转世——将未使用的角色牌洗混后面向下放成一堆，从牌堆顶翻起，翻开的第一张与这名玩家同国籍的角色，即成为转世后的角色（如果是其他国家角色，将翻开的第一张牌作为他转世后的角色）。…转世后的角色的初始体力值为1，转世之后即已经视为参与到游戏中来。到下一次轮到他时即可正常行动。…若未使用角色牌堆已经没有与该玩家同国籍的角色，则不可转世（极少有的情况）。")
X_REBORN_OUT = rule("SGS-X005", K.BOOKKEEPING, "reincarnated-counts-as-out", "A reward or penalty for the death of a reincarnated character",
                    "转世角色阵亡时给予了奖励或惩罚", X_ZS_CITE,
                    "For victory a reincarnated character counts as out: killing a reincarnated rebel gives no reward of three cards, the lord who kills a reincarnated loyalist discards nothing, and the game ends as if the reincarnated characters were not there (a wrong or early end is SGS-O002, SGS-O004).",
                    "The role card of a reincarnated character is already shown: it has been out once.",
                    '{"type": "draw", "seat": 1, "cards": ["♣3 杀", "♦4 闪", "♥7 无中生有"], "reason": "reward"} after the death of a reincarnated rebel',
                    quote="因该玩家身份牌已翻开，在判定胜利条件时，仍将此角色视为已出局。攻击转世后的反贼不获得摸三张牌的奖励，主公攻击转世后的忠臣也不得到惩罚。例如：场上有1名主公、1名反贼、和一名转世的反贼。若此时主公攻击反贼，即使场上还有一名转世的反贼，仍视为主公一方胜利。")

UNVERIFIABLE_SKILL = "unknown skill: its legality is not checked"


#: the checks a general's own skill can bend (a draw phase drawing more, a larger hand limit, an extra turn,
#: another 杀, range or target, a conversion, a damage's amount or one more damage, a skipped phase): reported
#: against a seat whose general the engine does not model (an unknown general, or a skill marked
#: ``modelled = false``), they are counted unverifiable instead (engine/core.py ``Engine.report``;
#: docs/freekill.md, unmodelled generals)
SKILL_BENDABLE: frozenset[str] = frozenset({
    T_ORDER.id, T_DRAW_COUNT.id, T_DISCARD.id, T_DISCARD_EXCESS.id, T_SKIPPED.id, T_NOT_YOUR_TURN.id,
    P_SLASH_LIMIT.id, P_RANGE.id, P_DISTANCE.id, P_TARGET.id, P_NO_DEMAND.id, P_WRONG_CARD.id,
    P_CONVERSION.id, P_UNDODGEABLE.id, P_EMPTY_CITY.id, P_PEACH_FULL.id,
    D_AMOUNT.id, D_MISSING.id, D_UNEXPECTED.id, D_CARD_EFFECT.id, D_NATURE.id,
    S_EFFECT.id,
})
