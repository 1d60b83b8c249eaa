"""The shape of one language's answer slots: questions after a value one holds one at a time.

A present-tense question such as "where do I work now?" has one current answer, and a user who said
two answers at different times ("long day at the bakery", later "starting at a dental clinic on
monday") holds only the later one, whether or not either sentence carried a change word or a key a
rule knows. `questions` find such a question; `examples` are plain statements of each class that the
embedder places statements against (the slot classes and the contrast classes that keep them apart:
favourites, health, pets, family, small talk). Read by `language/answer_slots.py`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class SlotPack:
    # slot ("job", "home", "diet", "partner", "vehicle", "phone"; "likes", "hobby": one of a kind) ->
    # regex fragment of a question asking the user's own value
    questions: Mapping[str, str]
    # regex fragment: a question after favourites or pastimes that is not after the user's one of a
    # kind — several ("what are my favourite foods?", 有哪些, 何がある, 뭐뭐), the bot's ("do you have a
    # favourite movie?", 你最喜歡, あなたの, 너) or people's in general (台灣人最喜歡, 日本人の, 사람들이)
    several_or_others: str
    # regex fragment: the question asks about someone else ("where does my son live", 동생은 어디 살아)
    someone_else: str
    # regex fragment: a place named as one visited, come from or grown up in, not lived in now ("a trip
    # to Osaka", 出張で福岡, 고향이 부산): such a statement names a city and is no answer to "where do I live?"
    away: str
    # regex fragment with a group `name`: someone or a pet named as gone — died, given away, broken up
    # with ("Rocky passed in March", コタロウが虹の橋を渡って, 콩이 보내고, 跟小傑分手): what was said of
    # them before is no longer the present
    ended: str
    # regex fragment with a group `thing`: a thing of one's own said to be over — sold, traded in,
    # given up ("traded in the corolla", 把March賣掉了, ギターはやめて, 모닝 팔고): what was said of it
    # before is no longer the present ("my old corolla just hit 200k miles")
    ended_things: str
    # regex fragment: words that say a name is a pet or a partner ("my dog Bear", 柴犬のコタロウ,
    # 햄스터 콩이): only what was said of a name as one of these leaves when the name is said gone
    companions: str
    # class -> statements of that class, as a user of this language says them
    examples: Mapping[str, tuple[str, ...]]
    # regex fragment: a statement names a person ("my girlfriend Mina", 男友阿哲, 彼氏の名前は颯太, 남친 이름은
    # 준호): a partner statement that names no one ("we've been together three years", 남친 생일이…) tells
    # of the partner already named and replaces nobody. Read loosely: a word taken for a name keeps the
    # behaviour without this test, so only a statement that plainly names no one is told apart.
    names_someone: str = ""
    # regex fragment: a word for one's partner ("girlfriend", 男友, 彼氏, 와이프): a statement that names
    # someone with one of these is the partner's, however the embedder places it ("와이프 서연이랑 신혼여행…"
    # reads as home to e5, "여친 지은이가 요즘 자격증 공부…" as a favourite)
    partner_words: str = ""
    # regex fragment: a class, a lesson or a place one trains at ("spin class", 拳擊課, 英会話教室, 복싱장): a
    # statement naming one is a pastime's when the embedder has the pastime among its first classes, as
    # e5 reads "first session at the …, my forearms are toast" as a first day at work
    pastime_words: str = ""
    # slot ("vehicle", "phone", "school", "job") -> regex fragment naming a make or model of it ("Corolla", 光陽,
    # N-BOX, 갤럭시), a school (campus, 研究所, 講義, 학기) or a workplace (office, 員工餐廳, オフィス, 사무실):
    # "what car do I drive?" is answered by a make or a model, "what school do I attend?" by a school, and a
    # statement naming one is the slot's when the embedder has it among its first classes (e5 reads "bought
    # a Mazda CX-5 over the weekend" as a pastime or a home, "CJ대한통운 사무실은 에어컨 빵빵해서…" as a home)
    models: Mapping[str, str] = field(default_factory=dict)
    # regex fragment: an employer named by its office, canteen or headquarters ("the Spotify office", 中華電信的
    # 辦公室, 楽天の社食, 카카오 판교 사무실): the statement names the job's value as a rule's key would, so a later one
    # outdates a job a rule keyed ("another long day at Walmart" is no passing remark beside it)
    employer_named: str = ""
