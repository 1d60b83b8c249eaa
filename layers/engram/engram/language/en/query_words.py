"""English query words: former-state markers, relative time ranges, month names, concept groups."""

from __future__ import annotations

import re

from engram.language.en.categories import CATEGORIES, GROUPS
from engram.language.en.life_words import LIFE_CATEGORIES, LIFE_GROUPS, LIFE_WORD_PATTERNS
from engram.language.query_pack import QueryPack

QUERY = QueryPack(
    past_state=(
        # "used to" of a former state, not of getting accustomed ("I'm getting used to the new job")
        r"\b(?:(?<!getting )(?<!get )(?<!got )(?<!gotten )(?<!'m )(?<!am )(?<!be )used to"
        r"|use to|before (?:that|this|now)|previous(?:ly)?|former(?:ly)?|in the past|earlier job"
        # before a change named: "before my current role", "before I moved", "before the new one"
        r"|before (?:my|the|this) (?:current|new|present|latest)|prior to|before all that"
        r"|before (?:i|we) (?:moved|switched|changed|started|quit|left|got|took|joined|retired|married)"
        r"|old (?:job|address|home|house|place|company|number)|no longer|any ?more|originally|back then"
        r"|what was my|where was i|where did i (?:work|live)|history of|my ex|ex-\w+"
        # where it began: "what dose did i start out on?", "which job did I start with?"
        r"|did i (?:start|begin) (?:out )?(?:on|with)"
        # "What inhaler was I on earlier?", "Which city was I in when we first talked?"
        r"|(?:was|were) i\b[^?？]{0,40}?\b(?:earlier(?! today| this)|at first|at the start"
        r"|when we (?:first )?(?:met|talked|spoke)))\b"
        r"|\bbefore\s*[?？]|\bbefore,\s*[\w-]+\s*[?？]|\bbefore the (?:switch|change|move)\b"
    ),
    state_change=(
        r"(?<!until )(?<!till )(?<!up to )(?<!by )\b(?:now|nowadays|these days|currently|anymore|any more|no longer"
        r"|switched|changed|moved|new|started|quit"
        r"|stopped|since last|instead|broke up|left (?:my|the)|(?:has|have) become|became|divorced|remarried"
        r"|got married|relocated|transferred|(?:got |been |was )?(?:hired|promoted)|retired"
        r"|(?:have |'ve )?gone (?:vegan|vegetarian)|taken over|took over|overtaken|replaced|took (?:me|him|her) off"
        r"|(?:taken|took) the top spot|been converted|swapped"
        # a new one got: "FINALLY got the used Honda Odyssey" (not one adopted: a second pet joins the first)
        r"|got (?:a|the|my) (?:new|used|second-hand)|upgraded"
        # the first days of something new: "survived my first week as a bank teller"
        r"|first (?:day|week|month|shift|paycheck) (?:as|at|teaching|working|on the job)\b"
        # the first days somewhere new, a dose moved: "first week doing UX research at the startup", "she
        # bumped me up to 100mg"
        r"|first (?:day|week|month|shift) (?:at|as|doing)|bumped me (?:up|down)"
        r"|upped|(?:increased|lowered|reduced|raised) (?:my|the) (?:dose|dosage))\b"
    ),
    weak_change=r"\b(?:now|nowadays|these days|currently)\b",
    relative_ranges=(
        (r"\byesterday\b", "day", 1),
        (r"\blast\s+week\b", "week", 1),
        (r"\bthis\s+week\b", "week", 0),
        (r"\blast\s+month\b", "month", 1),
        (r"\bthis\s+month\b", "month", 0),
        (r"\blast\s+year\b", "year", 1),
        (r"\bthis\s+year\b", "year", 0),
    ),
    month_names={
        "january": 1,
        "jan": 1,
        "february": 2,
        "feb": 2,
        "march": 3,
        "mar": 3,
        "april": 4,
        "apr": 4,
        "may": 5,
        "june": 6,
        "jun": 6,
        "july": 7,
        "jul": 7,
        "august": 8,
        "aug": 8,
        "september": 9,
        "sep": 9,
        "october": 10,
        "oct": 10,
        "november": 11,
        "nov": 11,
        "december": 12,
        "dec": 12,
        "sept": 9,
    },
    month_year_link=r"of",
    year_mark="",
    month_mark="",
    concept_groups={
        "spouse": ("spouse", "husband", "wife", "partner", "hubby", "hubs", "wifey", "missus", "other half"),
        "children": (
            "child",
            "children",
            "kid",
            "kids",
            "son",
            "daughter",
            "eldest",
            "youngest",
            "little girl",
            "little boy",
        ),
        "parents": ("parent", "parents", "mother", "father", "mom", "dad", "mum"),
        "siblings": ("sibling", "brother", "sister"),
        "dogs": (
            "dog",
            "puppy",
            "pup",
            "poodle",
            "retriever",
            "shiba",
            "terrier",
            "bulldog",
            "corgi",
            "dachshund",
            "chihuahua",
            "beagle",
            "labrador",
            "husky",
            "pug",
            "spaniel",
            "collie",
            "schnauzer",
            "pomeranian",
            "greyhound",
        ),
        "cats": ("cat", "kitten", "kitty"),
        "pets": ("pet", "pets"),
        "death": ("died", "passed away", "death", "lost"),
        "home": ("live", "lives", "living", "city", "town", "moved to", "relocated"),
        "allergies": ("allergy", "allergic", "allergies", "hay fever", "hayfever", "pollen"),
        "medicine": ("medicine", "medication", "meds", "pill", "pills"),
        "work": ("job", "work", "works", "career", "occupation", "employer", "workplace", "employed", "shifts"),
        "birthday": ("birthday", "born"),
        **GROUPS,
        **LIFE_GROUPS,
    },
    concept_categories={**CATEGORIES, **LIFE_CATEGORIES},
    concept_scripts=(re.compile(r"^[a-z][a-z ]*$"),),
    concept_word_patterns=LIFE_WORD_PATTERNS,
    function_words=(
        "what which who whom whose where when why how do does did done i me my mine myself we us our ours you "
        "your am is are was were be been being have has had having can could would should will shall may "
        "might must kind sort type thing things any anything some something ever get got tell remind know "
        "remember"
    ),
)
