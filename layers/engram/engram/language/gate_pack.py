"""The shape of one language's memory-gate phrases: what `domain/gate_rules.py` reads.

Every table is applied to every input whatever its detected language (the script
heuristic cannot tell kanji-only Japanese from Chinese, users mix languages), so
a pack only groups its language's phrases for readability and review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GatePack:
    # USE: the user points back at earlier conversation or asks what the bot knows about them.
    memory_reference: re.Pattern[str]
    # USE: explicit time anchors in the past, or comparisons over time.
    time_reference: re.Pattern[str]
    # USE: symptom or state updates (health, sleep, mood, medication taken, weight, a pet's state).
    state_update: re.Pattern[str]
    # USE: the user wants advice tailored to themselves.
    personal_advice: re.Pattern[str]
    # USE: events in the user's own life (family members, hospital / doctor visits).
    personal_event: re.Pattern[str]
    # SKIP: chit-chat about the bot, the weather or jokes.
    small_talk: re.Pattern[str]
    # SKIP: encyclopaedic questions, only when no first-person marker is present.
    general_knowledge: re.Pattern[str]
    greeting_words: str  # regex fragment: greetings, thanks, farewells (a message of only these is SKIP)
    first_person: str  # regex fragment: first-person markers
    question: str  # regex fragment: what makes a message a question
    request_to_bot: str | None = None  # regex fragment: "tell me ...", names the user without being about them
    implied_subject: bool = False  # the language drops the "I": a plain statement is about the user
    # USE even when worded like general knowledge ("how many days until the vacation?"): the user's own
    # people, plans and bookings, home and belongings, routines and preferences.
    own_life: re.Pattern[str] | None = None
    # regex fragment: thanks, farewells and pleasantries said in a sentence ("thank you so much, that helps")
    courtesy: str | None = None
    # regex fragment: a task for the bot ("write ...", "…해 줘", "…して"): SKIP when it names nothing of the user
    task_for_bot: str | None = None
    # regex fragment: "let's …", an invitation to do something with the bot (the local fallback's SKIP)
    invitation: str | None = None
    written_without_spaces: bool = False  # message length counts characters, not words
    # regex fragment: "in general" said outright ("一般的に", "일반적으로"): a question about how a kind of
    # thing works, not about the user's own one, even when it names one (an inhaler, a medicine)
    in_general: str | None = None
    # regex fragment: words that only react to what was said ("wow", "no way", "真假", "すごっ", "헐 대박"): a
    # message made of these alone is SKIP, however many of them it strings together
    reaction_words: str | None = None
    # regex fragment: a request about quoted words (translate them, what they mean): the words quoted are
    # not the user's own news ("幫我把「我愛你」翻成日文", "「お疲れ様です」を英語にして")
    about_a_quote: str | None = None
    # USE: a question about the life of someone the user knows, named by their name ("When is Hannah's
    # birthday?", "How old is Leo?", "佩琪在哪裡工作？"), though worded like general knowledge
    someones_life: re.Pattern[str] | None = None
