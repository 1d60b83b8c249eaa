"""English extraction pack: the rules plus the words the extraction engine needs around them."""

from __future__ import annotations

import re

from engram.language.en.extraction_rules import RULES
from engram.language.en.third_person import as_user_fact
from engram.language.extraction_pack import ExtractionPack

_I = re.IGNORECASE

EXTRACTION = ExtractionPack(
    rules=RULES,
    clause_separator=re.compile(r"\s*[;,]\s*|\s+(?:and|but|so)\s+(?=(?:i|i'm|i've|i'll|my|we)\b)", _I),
    filler=re.compile(
        r"^(?:(?:um+|uh+|well|so|oh|ok(?:ay)?|actually|btw|by the way|anyway|also|and|hey|hi|hello)"
        r"\b[\s,.!]*)+",
        _I,
    ),
    preface=re.compile(
        r"^(?:(?:(?:just )?so you know|fyi|for your information|for the record|by the way|btw|also|oh|and|well"
        r"|i (?:should|must|have to|need to|wanted to|want to|forgot to|meant to) (?:tell|mention to|let) you(?: know)?"
        r"|i (?:forgot|meant|wanted) to (?:mention|say|tell you)|(?:you )?(?:should|need to|might want to) know"
        r"|let me tell you|(?:did|have) i (?:mention(?:ed)?|tell you|told you)|(?:i think |as )?i (?:told|said to) you"
        r"|as i (?:said|mentioned)|remember(?: that)?|i mean)"
        r"(?: that)?[\s,:;.!-]*)+",
        _I,
    ),
    family_relations={
        **dict.fromkeys(["wife"], "wife"),
        **dict.fromkeys(["husband"], "husband"),
        **dict.fromkeys(["partner", "boyfriend", "girlfriend"], "partner"),
        **dict.fromkeys(["son"], "son"),
        **dict.fromkeys(["daughter"], "daughter"),
        **dict.fromkeys(["mother", "mom", "mum"], "mother"),
        **dict.fromkeys(["father", "dad"], "father"),
        **dict.fromkeys(["brother"], "brother"),
        **dict.fromkeys(["sister"], "sister"),
        **dict.fromkeys(["sibling"], "sibling"),
        **dict.fromkeys(["grandson", "granddaughter", "grandchild"], "grandchild"),
        **dict.fromkeys(["grandmother", "grandma", "grandfather", "grandpa"], "grandparent"),
        **dict.fromkeys(["friend", "bff", "bestie"], "friend"),
    },
    symptoms=(
        ("breathing", r"breath|wheez|short of breath"),
        ("cough", r"cough"),
        ("phlegm", r"phlegm|sputum"),
        ("fever", r"fever|temperature"),
        ("spo2", r"spo2|oxygen"),
        ("blood_pressure", r"blood pressure"),
        ("blood_sugar", r"blood sugar|glucose"),
        ("weight", r"weigh"),
        ("sleep", r"sleep|slept|insomnia|woke up"),
        ("fatigue", r"tired|exhausted|fatigue"),
        ("dizziness", r"dizz"),
        ("nausea", r"nause|vomit|threw up"),
        ("appetite", r"appetite"),
        ("pain", r"pain|hurt|ache|sore"),
    ),
    positive_words=r"\b(?:happy|glad|great|excited|love|enjoy|relieved|proud|grateful|better|calm)\b",
    negative_words=(
        r"\b(?:sad|angry|upset|anxious|worried|stressed|depressed|lonely|afraid|scared|hate|frustrated|bored"
        r"|down)\b"
    ),
    # "can't stop listening to …" is a statement (language/en/gate.py)
    question=r"^\s*(?:what|what's|how|why|when|where|who|which|is|are|can|could|does|do|did|should|would|will)\b(?!'t\b)"
    r"|^\s*can't (?:i|you|we|he|she|they|it)\b",
    own_name=r"\bmy\b",
    key_trim=r"^(?:an?|the|my|some|to|of)\s+",
    rewrite=as_user_fact,
    statement=re.compile(
        r"\b(?:i|i'm|i've|i'd|i'll|my|me|mine|we|we're|we've|our|us)\b"
        # chat drops the "I" of a personal update ("Started prednisone yesterday", "Adopted a kitten
        # last week", "Been vegan since January"): a sentence that opens on such a verb is the user's
        r"|^\W*(?:(?:just|finally|recently|also|so)\s+)?(?:started|stopped|quit|switched|moved|got|went|took|began"
        r"|finished|joined|adopted|bought|booked|signed|tried|picked up|been|spent|visited|met|lost|sold|retired"
        r"|graduated|gave up)\s+(?!(?:it|that|this|you|there|a question)\b)\w+\W+\w+"
        # ... or on a plan or an effort of one's own ("trying to save $400 a month for a new car")
        # (not a plan for the day: "planning to get pizza tonight", "hoping to sleep in tomorrow")
        r"|^(?!.*\b(?:tonight|today|tomorrow|later)\b)\W*(?:(?:still|now|also|so)\s+)?"
        r"(?:(?:trying|hoping|planning) to (?:save|lose|quit|cut|stop|learn|get|pay"
        r"|finish|eat|drink|sleep|walk|run|train|build|move|find)|saving (?:up )?for|training for|studying for"
        r"|learning (?:to|how to)?)\W+\w+"
        # a date of one's own, its owner left unsaid: "cardiology follow up is march 8 at 10:15 w dr. reyes"
        r"|^\W*(?:[\w-]+ ){0,2}(?:appt|appointment|follow[- ]?up|check-?up|surgery|procedure|scan|mri|x-ray"
        r"|biopsy|colonoscopy|physio|flight|exam|interview|shift|visit|infusion|dialysis)s?"
        r" (?:is|are|was|got moved to|moved to)"
        r" (?:on |at |for |this |next )?(?:\w+ )?(?:\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug"
        r"|sep|oct|nov|dec|tomorrow|today|tonight)"
        # more of chat's dropped "I", each held to what makes it a statement of one's life (an independent
        # review found the first, looser forms storing "Loved your answer", "Rent is too damn high",
        # "Live in the moment", "Hooked on a feeling", "3 kids in a trenchcoat"):
        # a past said with when ("played piano for 10 years", "saw seventeen live last night")
        r"|^\W*(?:(?:just|finally|recently|also|so)\s+)?"
        r"(?:(?!(?:ne|fe|se|spe|shr|bre|ind|succe|proce|exce|b|r)ed\b|(?:typ|ask|answer|repli|guess|misread|click"
        r"|press|mistyp|scroll|copi|past)ed\b)[a-z]{2,}ed|saw|had|ate|drank|caught|broke|fell|ran|won|wrote|slept"
        r"|taught|kept|paid|did|made)"
        r"\s+(?!(?:it|that|this|you|your|there|like|so|out|me|what|how|when|a question)\b)\w+\W+\w+"
        r"(?=.*\b(?:for \d+ (?:years?|months?|weeks?)|since|last (?:night|week|month|year|summer|winter)|yesterday"
        r"|\d+ (?:years?|months?|weeks?|days?) ago|as a kid|growing up|back in|in (?:19|20)\d\d)\b)"
        # a habit or a role with what follows it in a statement ("drive a prius", not "drive a hard bargain";
        # "work nights", not "work in progress"; "live in Leeds", not "live in the moment")
        r"|^\W*(?:(?:only|usually|always|mostly|still)\s+)?(?:drive (?:a|an)\b(?! hard)|own (?:a|an|two|\d)\b"
        r"|work (?:at|for|as|nights|from home|part|full|weekends|remotely)\b|live (?:in (?!the\b)|near|with)"
        r"|commute (?:by|to|from)\b)"
        r"|^\W*(?:(?:kinda|so|totally|lowkey|really|super)\s+)?(?:obsessed with|allergic to|afraid of|scared of"
        r"|terrified of)\s+(?!(?:it|that|this|you|your|the answer)\b)\w+"
        r"|^\W*(?:originally |born and raised )from\s+\w+"
        # a medicine one is on ("on insulin since last year"; not "on cloud 9")
        r"|^\W*(?:still |now |been )?on (?!cloud|fire|point|track|board|top|time)[a-z][\w-]+ (?:since"
        r"|for \d|\d+ ?(?:mg|mcg|ml|units?)|daily|twice|once a|every|at night|in the morning)"
        # who one is, said as a noun: "huge Lakers fan", "night owl, best ideas at 2am" (not "big shoutout to
        # every Swiftie fan", "early bird gets the worm", "introvert memes")
        r"|^\W*(?:an? )?(?:huge|big|massive|die-?hard|lifelong|hardcore) (?:(?!to\b|every\b|all\b|the\b)[\w'-]+ ){1,2}"
        r"(?:fan|nerd|geek|stan)\b(?!s? out there)"
        r"|^\W*(?:an? )?(?:total |huge )?(?:night owl|early bird|morning person|introvert|extrovert|asthmatic"
        r"|diabetic|vegetarian|vegan|pescatarian|insomniac|homebody|gym rat)(?=\s*(?:[,.!]|$|so\b|and\b|here\b"
        r"|btw\b|lol\b|tbh\b|since\b|now\b))"
        # one's partner or child said without "my": "hubby's getting transferred", "new job starts monday"
        r"|^\W*(?:hubby|wifey|husband|wife|bf|gf|boyfriend|girlfriend|fianc[eé]e?|(?:little|big|older|younger)"
        r" (?:bro|sis|brother|sister)|son|daughter|kiddo|roommate|commute|new job)(?:'s| is| has| starts| works"
        r"| lives| just)\s+\w+"
        # pets or children counted: "2 cats, kiko and mochi" (not "3 kids in a trenchcoat")
        r"|^\W*(?:\d|two|three|four|five) (?:cats|dogs|kids|children|sons|daughters|grandkids|birds|rabbits"
        r"|hamsters)(?=\s*(?:[,:(]|$|and\b|named\b|called\b|at home\b))",
        _I,
    ),
    render_request=re.compile(r"\b(?:translate|rephrase|reword|proofread)\b", re.IGNORECASE),
    passing_moment=re.compile(
        r"\bjust (?:ate|had (?:lunch|dinner|breakfast|a snack)|woke up|got (?:home|back|to work))\b"
        r"|\b(?:on the (?:train|bus|subway) (?:right )?now|stuck in traffic"
        r"|traffic is (?:terrible|awful|insane|crazy|so bad))"
        r"|\b(?:called|texted) me (?:just now|earlier)|\bso full\b"
        # doing it again, as it happens ("my cat is staring at me again"); tired right now
        r"|\b(?:is|are|'s|'re) \w+ing\b[^.!?]*\bagain\b|\b(?:so|really) (?:tired|sleepy|exhausted)\b",
        re.IGNORECASE,
    ),
    chit_chat=re.compile(
        r"^(?:(?:hmm+|hm+|ah+|oh+|ok(?:ay)?|yeah|yes|no|sure|well|haha\w*|lol)\b[\s,.!]*)*"
        r"(?:i (?:think|guess|suppose|believe|see|know|mean|understand|agree|wonder|bet|hope so|feel like)\b"
        r"|i(?:'m| am) (?:not sure|sure|just (?:checking|saying|kidding|wondering|curious|asking|looking|here)"
        r"|(?:fine|good|okay|ok|alright|here|back|done|ready|sorry|kidding|joking|curious|confused|listening)"
        r"(?=\W*$|,))"
        r"|i (?:didn'?t|don'?t|do not|did not) (?:get|understand|know|follow|mind|care)\b"
        r"|let me\b|let's\b|me too\b|my (?:bad|pleasure)\b|thanks?\b|sorry\b"
        # a request to the bot names the user only as its object ("Tell me a joke")
        r"|(?:please |can you |could you |would you )?(?:tell|give|show|help|send|find|explain|teach|write|say"
        r"|sing|read|recommend|suggest|list|describe)\b)"
        # the weather of the moment ("lol I'm so over this rain"): no rule took it as a symptom
        r"|\b(?:this|all this|today's|so much) (?:rain|weather|heat|cold|snow|humidity|wind|storm|drizzle|fog)\b"
        r"|\b(?:it's|its|it is) (?:so |really |too |super )?(?:hot|cold|humid|rainy|windy|freezing|chilly)\b"
        # a state of the moment that is no news of one's life ("lol I'm so bored right now", "im starving")
        r"|^(?:(?:lol|ugh|omg|man|god|ahh+|ok)\b[\s,.!]*)*i'?m (?:so+ |super |really |kinda |soo+ |literally )?"
        r"(?:bored|hungry|starving|sleepy|stuffed)(?: (?:right now|rn|atm|lol|af|today))*\W*$",
        _I,
    ),
    dose_change=re.compile(
        r"\b(?:bump(?:ed)?|up(?:ped)?|increas(?:ed|e)|rais(?:ed|e)|lower(?:ed)?|reduc(?:ed|e)|cut|doubled|halved"
        r"|dropp(?:ed)?|chang(?:ed|e)|mov(?:ed|e)|adjust(?:ed)?)(?: me| it| my dose| the dose)?(?: (?:up|down|back))?"
        # a dose of the medicine taken, not of another named thing ("2 pills of ibuprofen", "14 units a week")
        r" (?:to|by) \d+(?:\.\d+)? ?(?:mg|mcg|ml|puffs?|pills?|tablets?)\b(?! of\b)",
        _I,
    ),
    switched_to=re.compile(
        r"\b(?:switch(?:ed)?|chang(?:ed|e)|mov(?:ed|e)|put|swapp?(?:ed)?)(?: me| us| her| him| them"
        r"| my (?:\w+ )?(?:meds|medication|medicine|pills?|prescription|inhaler|statin|antidepressant|insulin"
        r"|tablets?|painkillers?|antibiotics?))?"
        r"(?: over)? (?:to|onto|on) (?P<x>[a-z][\w-]+)"
        # "replaced my Ventolin with Symbicort", "swapped X for Y"
        r"|\b(?:replac(?:ed|e)|swapp(?:ed)?|swap|substitut(?:ed|e)) (?:my |the )?[\w-]+(?: \w+)?"
        r" (?:with|for) (?P<y>[a-z][\w-]+)"
        # "switched me off januvia to ozempic", "moved her from Lasix to Bumex"
        r"|\b(?:switch(?:ed)?|chang(?:ed|e)|mov(?:ed|e)|swapp?(?:ed)?)(?: me| us| her| him| them)? (?:off|from)"
        r" (?:the |my )?[\w-]+(?: \w+)? (?:to|onto|for) (?P<w>[a-z][\w-]+)"
        # "took me off the old one, it's Breztri now": the one named after being taken off
        r"|\b(?:took|taken|take) (?:me|him|her|them) off\b.{0,40}?\b(?:it's|it is|now on|onto|on) (?P<z>[a-z][\w-]+)",
        _I,
    ),
    medical_context=re.compile(
        r"\b(?:doctors?|dr|gps?|physician|specialist|nurse|pharmacist|cardiologist|psychiatrist|pulmonologist|statin"
        r"|prescri\w*|mg|mcg|pills?|tablets?"
        r"|capsules?|doses?|meds|medications?|medicines?|inhal\w*|puffs?|nebuli[sz]er|injections?|jabs?|vets?"
        r"|veterinarian|clinic|review|check-?up|appointment)\b",
        _I,
    ),
    in_addition=re.compile(r"\b(?:also|too|as well|in addition|additionally|another|added|on top of)\b", _I),
    favourite_words=re.compile(
        # liking most, or being taken with something now ("these days I'm really into golf")
        r"\bfavou?rites?\b|\bfaves?\b|\b(?:love|like|enjoy|prefer)s? (?:\w+ ){0,3}?(?:the )?(?:most|best)\b"
        # liking it over the one before: "I like ramen more than pho now", "prefer tea over coffee these days"
        r"|\b(?:love|like|enjoy)s? (?:\w+ ){1,4}?(?:more|better) than\b|\bprefers? (?:\w+ ){1,4}?(?:over|to)\b"
        # "has taken the top spot for me", "the best thing on earth, nothing else comes close"
        r"|\btop spot\b|\bthe best thing\b|\bnothing (?:else )?(?:even )?comes close\b|\bgo-to\b"
        r"|\b(?:really |totally )?(?:into|hooked on|obsessed with|crazy about)\b"
        # a new favourite said as taking the old one's place: "has overtaken everything for me", "on repeat"
        r"|\b(?:overtaken|overtook|dethroned|taken over)\b|\bon repeat\b|\bnew (?:fave?|fav(?:ou?rite)?|obsession)\b",
        _I,
    ),
    refers_back=re.compile(r"^(?:it|it's|its|that|that's|this|they|they're|which|(?:his|her) name is)\b", _I),
    ending_words=re.compile(r"\b(?:quit|stopped|gave up|given up|broke up|split up|no longer|dropped)\b", _I),
    partner_change_words=re.compile(r"\b(?:re)?married|\bdivorced?\b|\bsplit up\b|\bbroke up\b|\bwidowed\b", _I),
    favourite_categories={
        "writer": "author",
        "novelist": "author",
        "movie": "film",
        "movies": "film",
        "films": "film",
        "color": "colour",
        "dish": "food",
        "meal": "food",
        "cuisine": "food",
        "beverage": "drink",
        "tune": "song",
        "track": "song",
        "series": "show",
        "novel": "book",
        "authors": "author",
        "books": "book",
        "songs": "song",
    },
)
