"""English extraction rules, in priority order (data read by memory/extraction_rules.py)."""

from __future__ import annotations

import re

from engram.language.drug_names import LATIN_DRUG
from engram.language.extraction_pack import Rule
from engram.language.fact_kinds import rule

_I = re.IGNORECASE

_FAMILY_EN = (
    "wife|husband|partner|boyfriend|girlfriend|son|daughter|mother|mom|mum|father|dad|brother|sister"
    "|grandson|granddaughter|grandchild|grandmother|grandma|grandfather|grandpa"
)
_PET_EN = r"dog|cat|puppy|kitten|pet|parrot|rabbit|bunny|hamster|bird|turtle"

# Where a value ends: a conjunction, an adverb, or when and how long ("in Chicago for eight years",
# "to Denver last year", "in Leeds with my sister"): the time is the fact's, not the value's.
_EN_STOP_AFTER_X = (
    r"(?=\s+(?:because|but|and|so|since|when|which|that|if|over|than|anymore|any more|at all|very much"
    r"|so much|a lot|too|either|now|every|daily|twice|once|for (?:a|an|about|almost|nearly|over|the (?:past|last)"
    r"|\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|several|many|a few)"
    r"|last (?:week|month|year|spring|summer|autumn|fall|winter|weekend)|(?:a|two|three|\w+) (?:days|weeks|months"
    r"|years) ago|yesterday|today|recently|lately|these days|back in|in (?:19|20)\d\d|with (?:my|our|a|the))\b"
    r"|[,.;!?]|$)"
)
_X = rf"(?P<x>[\w'’ -]{{1,40}}?){_EN_STOP_AFTER_X}"
# A place by its capital letters ("Austin", "Salt Lake City"), where the words around it could
# as well name a state ("we're in pain", "I'm in love").
_PLACE = r"(?P<x>(?-i:[A-Z])[\w'’-]+(?: (?-i:[A-Z])[\w'’-]+){0,2})"
# Words said after a value that are not part of it ("ramen is my favourite now", "… honestly")
_EN_AFTERTHOUGHT = r"now|lately|nowadays|these days|again|too|honestly|though|ever|of all time|by far|forever"
_EN_DATE = (
    r"^(?=.*\b(?:today|tonight|tomorrow|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday"
    r"|saturday"
    r"|sunday)|this (?:weekend|week|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday"
    r"|sunday)"
    r"|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at \d{1,2}(?::\d{2})?\s?(?:am|pm)?"
    r"|on \d{1,2}/\d{1,2}|in \d+ (?:days|weeks|months)|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
    r"|dec)[a-z]*\.? \d{1,2})\b)"
)
_EN_CONDITIONS = (
    r"copd|asthma|(?:type [12] )?diabetes|hypertension|high blood pressure|heart (?:disease|failure)"
    r"|arthritis"
    r"|epilepsy|kidney disease|ckd|cancer|emphysema|chronic bronchitis|depression|gout|dementia|parkinson'?s"
    r"|[a-z]+ disease|[a-z]+itis"
)

# What one takes or uses every day without it being a medicine.
_NOT_A_DRUG = (
    r"(?!(?:the|a|an|my|bus|train|car|subway|taxi|uber|twitter|facebook|instagram|tiktok|computer|phone"
    r"|laptop|stairs|elevator|dog|cat|kids?|shower|bath|walk|break|nap|time|care|photos?|notes?"
    r"|bike|bicycle|scooter|motorbike|app|gym|pool|treadmill|desk|tablet computer)\b)"
)

# a sentence that speaks of medicine: a dose, an inhaler's puffs, a prescription, or a condition treated
_EN_MED_CUE = (
    # a dose, a form of medicine, a prescription or a condition treated — not a doctor or a pharmacy alone
    # ("doc gave me a hug after the scan", "taking ubers to the doctor")
    r"^(?=.*\b(?:\d+ ?(?:mg|mcg|ml)|\d+ ?x (?:a|per) day|puffs?|inhaler|meds|medications?|medicines?"
    r"|pills?|tablets?|capsules?|prescribed|clot|stroke|heart attack|for (?:my |the |high )?(?:"
    + _EN_CONDITIONS
    + r"|bp|blood pressure|sugars?|cholesterol|clot|heart|thyroid|anxiety|sleep|migraines?|reflux|breathing|lungs?))\b)"
    r".*?"  # the cue is looked for in the whole sentence, the medicine anywhere after its start
)
# a dose or a form of medicine in the sentence: what a thing handed over must come with to be a medicine
_EN_DOSE_CUE = r"^(?=.*\b(?:\d+ ?(?:mg|mcg|ml)|puffs?|tablets?|pills?|capsules?|inhaler)\b).*?"
# a medicine's name: a word that is no everyday thing, with the device it comes in ("breo ellipta")
_EN_MED_NAME = (
    _NOT_A_DRUG + r"(?!(?:it|that|this|them|me|you|him|her|us|some|one|two|new|board|track|call|duty|leave|holiday"
    r"|vacation|way|hold|speaker|meds?|medications?|medicines?|pills?|tablets?|inhaler|insulin|shots?|dose|doses"
    r"|script|prescription|same|other|generic|dr|doctor|daily|twice|once|every|again|top|purpose|and|or|with"
    r"|for|to|of|at|in|from|almost|nearly|empty|running|out|low|broken|lost|missing|expired|so|too|really|very|not"
    r"|never|always|here|there|gone|done|finished|still|now|just|also|ready|due|late|back|about|like"
    r"|blue|red|green|white|black|grey|gray|tiny|small|big|little|cute|huge|large|massive|tomorrow|today|tonight"
    r"|glasses|contacts"
    r"|whole30|vegan|vegetarian|ubers?|lyfts?|taxis?|cabs?"
    # treatments that are no medicine
    r"|yoga|running|swimming|walking|therapy|counsel\w*|meditat\w*|journaling|exercis\w*|physio\w*|rehab"
    r"|acupuncture|cbt|diet|keto|fasting|stretching|pilates|oxygen|cpap|bipap|nebuli[sz]er|\d[\w-]*)\b)[a-z][\w-]+"
    r"(?: (?:ellipta|respimat|handihaler|diskus|turbuhaler|hfa|inhaler|flexpen|pen|xr|er|sr|xl|er))?"
)

EN_RULES: tuple[Rule, ...] = (
    rule("pet_allergy", rf"\bmy (?:{_PET_EN})\b.*\ballergic to {_X}", flags=_I),
    rule(
        "pet_medication",
        rf"\bmy (?:{_PET_EN})\b.*\b(?:takes|is on|is taking|gets) (?P<x>[\w-]+) ?(?:\d+ ?mg )?"
        r"(?:medicine|meds|pills?|tablets?|drops|injections?|daily|every|twice)",
        flags=_I,
    ),
    rule(
        "allergy",
        rf"\ballergic to {_X}",
        r"\b(?:i have an? |my )(?P<x>[\w-]+(?: [\w-]+)?) allergy\b",
        r"\bno (?P<x>[\w-]+) allergy\b",
        flags=_I,
        negation=re.compile(r"\bnot allergic\b|\bno (?:\w+ )?allergy\b|\bisn'?t allergic\b|\bno longer allergic\b", _I),
    ),
    rule(
        "contraindication",
        rf"\b(?:can'?t|cannot|can not|must not|mustn'?t|shouldn'?t|should not|(?:am|'m) not allowed to"
        rf"|(?:was|were) told not to|not supposed to) (?:take|eat|drink|have|use|mix) {_X}",
        rf"\b(?:doctor|physician|nurse|pharmacist) (?:said|says|told me) (?:not to (?:take|eat|drink"
        rf"|have|use)"
        rf"|to avoid|no) {_X}",
        rf"\b(?:i )?(?:have to|must|need to) avoid {_X}",
        # what eating it does: "spicy food gives me a stomach ache" (a thing, not "it" or "work")
        r"^(?!(?:it|this|that|he|she|they|work|my (?:job|boss|work))\b)(?P<x>[a-z][a-z -]{1,25}?) (?:always )?gives? me"
        r" (?:a |an )?(?:stomach ?aches?|heartburn|hives|rash|migraines?|headaches?|diarrh?o?ea|indigestion)\b",
        flags=_I,
    ),
    rule(
        "medication_taken",
        r"\b(?:took|have taken|'ve taken|forgot to take|forgot|missed|skipped) (?:my |the )?"
        r"(?:meds|medicine|medication|pills?|inhaler|dose|insulin)\b",
        flags=_I,
    ),
    rule(
        "medication",
        r"\bi(?:'m| am)? (?:now |still |also )?(?:take|taking|on|use|using) (?P<x>" + _NOT_A_DRUG + r"[a-z][\w-]+)"
        r"(?: \d+ ?(?:mg|mcg|ml|units))?\b(?=.*\b(?:daily|every|each|twice|once|a day|per day|morning"
        r"|night"
        r"|pills?|tablets?|inhaler|mg|medication|medicine|prescribed|for my)\b)",
        # not "I'm on it", "on holiday", "on call": no medicine
        r"\b(?:prescribed(?: me)?|i(?:'m| am) on) (?!(?:it|that|this|them|my|the|a|an|board|track|time|call|duty|leave"
        r"|holiday|vacation|break|way)\b)(?P<x>[a-z][\w-]+)(?: \d+ ?(?:mg|mcg|ml|units))?",
        r"\bmy (?:medication|medicine|meds) (?:is|are|include) (?P<x>[\w-]+)",
        # "my doctor has me on Symbicort twice a day", "the pulmonologist started me on Trelegy"
        r"\b(?:has|have|'ve|had|got|put|started|keeps|keep) (?:got )?(?:me|him|her|them) on "
        r"(?!(?:it|that|this|them|the|a|an|board|track|time|call|duty|hold|speaker)\b)(?P<x>[a-z][\w-]+)",
        # the condition first: "For my cholesterol I take atorvastatin", "for asthma I use Symbicort"
        r"\bfor (?:my |the |high )?(?:" + _EN_CONDITIONS + r"|cholesterol|blood pressure|bp|heart|blood sugar|sugar"
        r"|pain|sleep|migraines?|allergies|thyroid|anxiety|reflux|breathing|lungs?)\b,? i(?:'m| am)? (?:now |also "
        r"|still )?(?:take|use|on) (?P<x>" + _NOT_A_DRUG + r"[a-z][\w-]+)",
        r"\b(?:stopped|quit) taking (?P<x>[\w-]+)",
        # said without its subject, as chat does, where the sentence speaks of medicine: "using my flovent
        # 2x a day for the asthma", "on metformin 500mg twice a day", "pharmacy gave me the breo ellipta"
        _EN_MED_CUE + r"(?:^|\b(?:now|still|also|and|so|but|just)\s|[,;]\s*)(?:now |still |also |just )?"
        r"(?:take|taking|on|use|using|started(?: on)?|starting(?: on)?|switched (?:me )?to|prescribed(?: me)?)"
        r" (?:my |the |a |an |some )?(?:new )?(?P<x>" + _EN_MED_NAME + r")",
        _EN_DOSE_CUE + r"\b(?:gave|prescribed|handed|sent) me (?:the |a |an |some |my )?(?:new )?"
        r"(?P<x>" + _EN_MED_NAME + r")",
        # the pharmacy hands over medicine: "pharmacy gave me the breo ellipta" (not the change or a receipt)
        r"\b(?:pharmac(?:y|ist)|doc|doctor|dr|pulmonologist|cardiologist|endo\w*|gp|nurse)\b.*?"
        r"\b(?:gave|handed|sent|prescribed) me (?:the |a |an |some |my )?(?:new )?"
        r"(?!(?:wrong|right|change|receipt|bag|bill|sticker|pamphlet|brochure|coupon|card|flyer|leaflet|attitude|hug"
        r"|lollipop|note|referral|paper|form|advice|tips?|look|call|ride|lecture|talk|update|number|list|scare|headache"
        r"|hard time|earful|shot|appointment|sample|printout|diagnosis)\b)"
        r"(?P<x>" + _EN_MED_NAME + r")",
        r"\bmy (?:new |current )?(?:inhaler|meds?|medication|medicine|pills?|insulin|shots?|injections?) (?:is|are|=)"
        r" (?:now |still |just )?(?P<x>" + _EN_MED_NAME + r")",
        _EN_DOSE_CUE + r"\bnew (?:script|prescription|rx) (?:for|of) (?P<x>" + _EN_MED_NAME + r")",
        # a name shaped like a medicine's (an INN stem: "day 10 on escitalopram", "started rosuvastatin")
        r"\b(?:on|taking|take|takes|started|starting|using|use|uses|prescribed(?: me)?|switched (?:me )?to|back on"
        r"|put (?:me )?on|gave me|trying|tried) (?:some |the |my |a )?(?:new |generic )?(?P<x>" + LATIN_DRUG + r")",
        flags=_I,
        negation=re.compile(r"\b(?:stopped|quit|no longer|not taking|don'?t take|off)\b", _I),
    ),
    rule(
        "condition",
        rf"\bi (?:have|'ve got|have got|live with|suffer from|(?:was|got|'ve been"
        rf"|have been) diagnosed with)"
        rf" (?P<x>{_EN_CONDITIONS})\b",
        rf"\bdiagnosed with {_X}",
        flags=_I,
        negation=re.compile(r"\bdon'?t have\b|\bno longer\b", _I),
    ),
    rule(
        "name",
        r"\bmy name(?:'s| is) (?P<x>[A-Za-z][\w'-]*(?: [A-Z][\w'-]*)?)",
        r"\bcall me (?P<x>[A-Za-z][\w'-]*)",
        r"\bi go by (?P<x>[A-Za-z][\w'-]*)",
        r"\bi(?:'m| am) called (?P<x>[A-Za-z][\w'-]*)",
        flags=_I,
    ),
    rule(
        "name",
        r"^(?:[Ii]'m|[Ii] am) (?P<x>(?!(?:Fine|Good|Okay|Ok|Sorry|Here|Back|Done|Not|So|Very|Just|Also"
        r"|Still|"
        r"Japanese|Korean|Chinese|Taiwanese|American|English|Home|Ready|Retired)\b)[A-Z][a-z]+)\W*$",
    ),
    rule(
        "age",
        r"\bi(?:'m| am) (?P<x>\d{1,3})(?: years? old| yo)?\W*$",
        r"\bi(?:'m| am) (?P<x>\d{1,3}) years? old\b",
        r"\bi (?:just )?turned (?P<x>\d{1,3})\b",
        r"\bmy age is (?P<x>\d{1,3})\b",
        flags=_I,
    ),
    rule(
        "job",
        rf"\bi (?:now |currently |still |actually )?work (?:part-time |full-time |nights |shifts )?"
        rf"(?:as|at|for|in) {_X}",
        rf"\bi(?:'m| am) (?:now |currently )?working (?:as|at|for|in) {_X}",
        rf"\bi (?:just |recently )?(?:started (?:a new job |working )?at|got a (?:new )?job at) {_X}",
        rf"\bmy (?:new )?(?:job|profession|occupation) is {_X}",
        r"\bi(?:'m| am) an? (?P<x>nurse|teacher|doctor|engineer|student|lawyer|developer|programmer"
        r"|designer"
        r"|accountant|chef|cook|farmer|driver|caregiver|pharmacist|manager|writer|artist|homemaker)\b",
        r"\bi(?:'m| am| have) (?P<x>retired)\b",
        # a role at a workplace names a job, whatever the role: "I'm a barista at a coffee shop downtown"
        r"\bi(?:'m| am) (?:now |currently |still )?an? (?!(?:regular|member|patient|customer|client|guest|fan"
        r"|visitor|volunteer|resident|big|huge|frequent|little|bit)\b)(?P<x>[a-z][\w-]+(?: [a-z][\w-]+)?)"
        r" (?:at|for|in) (?:a|an|the|my|our) (?:[\w'-]+ ){0,3}?(?:shop|store|company|firm|hospital|school|bank"
        r"|restaurant|cafe|café|bakery|factory|office|agency|hotel|clinic|startup|studio|warehouse|salon|pharmacy"
        r"|library|university|college|lab|department|station|farm|plant|supermarket|garage|gym|daycare|nursery"
        r"|airline|airport|newspaper|charity)\b",
        flags=_I,
    ),
    rule(
        "partner",
        r"\bi(?:'m| am)? (?:now |currently )?(?:dating|seeing someone|engaged to|married to|in a relationship with"
        r"|single)\b",
        r"\bi got (?:engaged|married) to\b",
        # "Still single and honestly thriving", "Maya and I got engaged last night!"
        r"^(?:still |happily |now )?single\b",
        r"\b[A-Z][a-z]+ and i (?:just )?got (?:engaged|married)\b",
        r"\bi(?:'ve| have) (?:a new|got a new) (?:partner|boyfriend|girlfriend)\b",
        r"\bmy (?:new )?(?:partner|boyfriend|girlfriend)(?:'s name)? is\b",
        flags=_I,
    ),
    rule(
        "lives_in",
        rf"\b(?:i|we)(?:'m| am|'re| are|'ve| have)? (?:now |currently |still |just |recently )?(?:been )?"
        # transferred by an employer, not "I transferred to Northeastern" (a school)
        rf"(?:live|lived|living|based|(?:just |recently )?moved|relocated|(?:got |been |was )transferred)"
        rf"(?: from [\w -]{{1,30}}?)? (?:in|to) {_X}",
        rf"\bmy home is (?:an? |the )?(?:[\w-]+ ){{0,3}}?in {_X}",
        # said without its subject, as a chat message often is: "Relocated to Chicago for the new role."
        rf"^(?:just |recently |finally |so |and )?(?:moved|relocated|transferred)(?: from [\w -]{{1,30}}?)? to {_X}",
        # the move named as a thing: "Finally settled in after the move to Phoenix"
        rf"\b(?:after|since) (?:the|my|our) (?:move|relocation) to {_X}",
        # "Unpacking boxes in my new flat in Denver"
        rf"\bmy new (?:flat|apartment|house|home|place) in {_X}",
        # Where one is now, said without "live": a capitalised place, so "we're in pain" is none.
        rf"\b(?:i|we)(?:'m| am|'re| are)(?: now| currently| finally| officially| still)?(?: living| based| settled)?"
        rf" (?:out )?in {_PLACE}(?=.*\b(?:now|these days|for good|for (?:a|two|three|\w+) (?:weeks|months|years)))",
        rf"\bnow that (?:i'm|i am|we're|we are) in {_PLACE}",
        rf"^(?:now |currently |still )?(?:living|based) (?:out )?in {_PLACE}",
        rf"\b(?:been|living) in {_PLACE} (?:for|since)\b",
        rf"\b(?:bought|got|rented|found) (?:a|our|my) (?:new )?(?:place|house|home|flat|apartment|condo) in {_PLACE}",
        rf"\b(?:settled|landed) (?:in|into) {_PLACE}",
        rf"\bpacked up and (?:headed|went|moved) (?:to|out to) {_PLACE}",
        rf"\bhome is (?:now )?{_PLACE}",
        rf"\bcall {_PLACE} home\b",
        rf"\b(?:new )?address is (?:now )?in {_PLACE}",
        rf"\b(?:i'm|i am|we're|we are) (?:now )?(?:an? )?{_PLACE} residents?\b",
        rf"\b(?:since|after) (?:moving|relocating|we got|i got|getting|arriving) (?:to|out to|in) {_PLACE}",
        rf"\bsigned (?:the|a|our|my) lease (?:in|on a place in|for a place in) {_PLACE}",
        rf"\brelocated (?:the (?:whole )?family|us|my family|everyone) to {_PLACE}",
        flags=_I,
    ),
    rule("hometown", rf"\bi(?:'m| am) (?:originally )?from {_X}", rf"\bi grew up in {_X}", flags=_I),
    rule(
        "pet_health",
        rf"\bmy (?:{_PET_EN})\b.*\b(?:vomit\w*|threw up|throwing up|sick|diarrh\w*|limp\w*|cough\w*"
        rf"|sneez\w*"
        r"|not eating|isn'?t eating|won'?t eat|hasn'?t eaten|lethargic)\b",
        flags=_I,
    ),
    rule(
        "pet_name",
        rf"\b(?:my|our) (?:{_PET_EN})(?:'s name is| is (?:called|named)| named| called) (?P<x>[A-Za-z][\w-]*)",
        rf"\bi have an? (?:{_PET_EN}) (?:named|called) (?P<x>[A-Za-z][\w-]*)",
        flags=_I,
    ),
    rule("pet_species", rf"\bi (?:have|own|adopted|got) (?:an?|one|two|three|\d+) (?:{_PET_EN})s?\b", flags=_I),
    rule(
        "pet_diet",
        rf"\bmy (?:{_PET_EN})\b.*\b(?:eats|only eats|is on an? \w* ?diet|food|kibble|diet|treats)\b",
        flags=_I,
    ),
    rule("pet_vet", r"\b(?:vet|veterinarian|animal hospital|animal clinic)\b", flags=_I),
    rule("family", rf"\bmy (?P<rel>{_FAMILY_EN})s?\b", flags=_I),
    rule(
        "todo",
        r"\bremind me to (?P<x>[\w' -]{1,40})",
        _EN_DATE + r".*?\bi(?: have|'ve got| need| must| will|'ll|'m going| am going| plan|'m planning"
        r"| am planning)(?: to)? (?P<x>(?!\w+ly\b)[a-z][\w' -]{1,40}?)"
        r"(?=\s+(?:today|tonight|tomorrow|next|this|on|at|in)\b|[,.;!?]|$)",
        _EN_DATE + r".*?\b(?P<x>(?:dentist |doctor'?s? |vet |eye )?(?:appointment|check-?up|surgery|follow-?up"
        r"|exam|vaccination|blood test))\b",
        flags=_I,
    ),
    rule(
        "decision",
        rf"\bi(?:'ve| have)? decided (?:to |on |that )?{_X}",
        rf"\bi(?:'ll| will) go with {_X}",
        rf"\bi chose {_X}",
        rf"\bwe(?:'ve| have)? decided (?:to |on )?{_X}",
        rf"\bi(?:'m| am) going with {_X}",
        flags=_I,
    ),
    rule(
        "goal",
        rf"\bmy goal is (?:to )?{_X}",
        r"\bi(?: want| hope| plan| aim|'m trying| am trying|'d like| would like) to (?P<x>(?:lose|quit"
        r"|stop|run|learn"
        r"|reduce|improve|lower|walk|exercise|save|finish|become|start|cut down|get fit"
        r"|get better)\b[\w' -]{0,30}?)" + _EN_STOP_AFTER_X,
        flags=_I,
    ),
    rule(
        "favourite",
        # the category is the last word before the verb: "favourite jazz album" is an album
        r"\bmy (?:new |current |all-time )?(?:favou?rite|fave?) (?!(?:part|parts|thing|things|bit|moment|scene|line|way"
        r"|time|day)\b)(?:[a-z]+ ){0,3}?(?P<x>[a-z]+)(?: to [a-z]+)?"
        r" (?:is|are|has become)\b",
        r"\bmy (?:new |current )?favou?rite (?P<x>[a-z]+) (?:these days|now|lately) (?:is|are)\b",
        r"\b(?:has|have) (?:now )?become my (?:new )?favou?rite (?P<x>[a-z]+)\b",
        # "Fleetwood Mac has overtaken everything else as my number one band"
        r"\b(?:is|as|became|has become) my (?:new )?(?:number one|no\.? ?1|#1|top) (?P<x>[a-z]+)\b",
        # the value first: "mint chocolate chip is my favorite ice cream" (the category is its last word)
        r"\bmy (?:comfort|go-to|all-time) (?P<x>show|food|dish|movie|film|song|series|snack|meal|drink|book|game)"
        r" (?:is|are)\b",
        r"(?:\b(?:is|are)|'re|'s) (?:still |hands down |definitely |honestly |easily |absolutely )?"
        r"my (?:new |current |all-time )?"
        r"(?:favou?rite|fave?) (?:[a-z]+ ){0,2}?"
        rf"(?!(?:{_EN_AFTERTHOUGHT})\b)(?P<x>[a-z]+)(?=(?: (?:{_EN_AFTERTHOUGHT}))?(?:[,.;!?]|$))",
        flags=_I,
    ),
    rule(
        "dislikes",
        rf"\bi (?:really |just |also )?(?:don'?t|do not) (?:like|enjoy|love) {_X}",
        rf"\bi (?:really |also )?(?:hate|dislike|detest|can'?t stand) {_X}",
        flags=_I,
    ),
    # loving meat is a way of eating, which a later "I've gone vegetarian" replaces (before `likes`)
    rule(
        "eating_pattern",
        r"\bi (?:really |absolutely |just )?(?:love|adore) (?P<x>meat|steak|steaks|bbq|barbecue)\b",
        r"\bi(?:'m| am) (?:a |such a |a big |a real )?(?P<x>meat[- ]lover|meat[- ]eater|carnivore)\b",
        flags=_I,
    ),
    rule(
        "likes",
        rf"\bi (?:really |also |absolutely |just |usually )?(?:like|love|enjoy|adore|prefer) {_X}",
        rf"\bmy favou?rite [\w ]{{1,20}}? (?:is|are) {_X}",
        flags=_I,
    ),
    rule(
        "symptom",
        r"\b(?:i|i'm|i've|my|me)\b.*\b(?:breath\w*|breathless|wheez\w*|cough\w*|phlegm|sputum|pain\w*"
        r"|hurts?"
        r"|hurting|ache\w*|sore|fever|temperature|tired|exhausted|fatigue\w*|dizzy|nause\w*|vomit\w*"
        r"|threw up"
        r"|diarrh\w*|insomnia|sleep\w*|slept|woke up|blood pressure|blood sugar|spo2|oxygen|weigh\w*"
        r"|appetite)\b",
        r"\b(?:spo2|oxygen|blood pressure|blood sugar|weight)\b.{0,20}\d",
        flags=_I,
    ),
    rule(
        "mood",
        r"\bi(?:'m| am| feel| felt|'ve been| have been| was)(?: feeling)? (?:so |very |really |a bit "
        r"|kind of "
        r"|pretty |quite |a little )?(?P<x>happy|sad|stressed|anxious|lonely|excited|angry|upset"
        r"|worried|depressed"
        r"|great|good|down|frustrated|nervous|calm|relaxed|grateful|scared)\b",
        flags=_I,
    ),
)

# Profile facts every language states often (diets, occupations, birthdays, children, trips,
# pets adopted by name, medicines with their schedule): after the language's own rules, so they
# only see the clauses no earlier rule took.

_EN_JOBS = (
    r"engineer|developer|designer|teacher|nurse|doctor|manager|scientist|analyst|consultant|technician"
    r"|therapist|assistant|worker|officer|firefighter|mechanic|electrician|plumber|architect|cashier|clerk"
    r"|librarian|professor|researcher|student|lawyer|accountant|chef|cook|farmer|driver|caregiver|pharmacist"
    r"|writer|artist|homemaker|programmer|paramedic|dentist|vet|veterinarian|pilot|police officer|soldier"
    r"|hairdresser|barber|photographer|nanny|receptionist|journalist|translator|editor|baker|butcher|carpenter"
    r"|builder|gardener|cleaner|secretary|banker|judge|surgeon|midwife|waiter|waitress|bartender|tutor|lecturer"
    r"|teller|hygienist|barista|courier"
    r"|coach|trainer|instructor|musician|actor|actress|dancer|singer|painter|tailor|florist|optician"
    r"|physiotherapist|psychologist|counsell?or|paralegal|realtor|estate agent|entrepreneur|freelancer"
)
_EN_MORE: tuple[Rule, ...] = (
    rule(
        "hobby", rf"\bmy (?:main |new |big |favou?rite )?hobb(?:y|ies) (?:is|are|include|these days is) {_X}", flags=_I
    ),
    rule(
        "eating_pattern",
        r"\bi(?:'m| am) (?:a |now |strictly |mostly |fully |on a |now on a )*(?P<x>vegetarian|vegan|pescatarian"
        r"|flexitarian|keto|paleo|carnivore|mediterranean|low-carb|low carb|gluten-free|dairy-free)\b",
        r"\bi(?:'ve| have)? (?:now |been )?(?:follow|following|eat|eating|do|doing|tried|switched to|started|on)"
        r" (?:a |an |the )?(?P<x>vegetarian|vegan"
        r"|pescatarian|keto|paleo|mediterranean|low-carb|low carb|intermittent fasting|gluten-free|dairy-free)\b",
        # eating it again, or now: "I started eating meat again", "back to eating fish", "I eat meat now"
        r"(?:^|\bi(?:'ve| have|'m| am)? )"
        r"(?:started|start|starting|began|begun|gone back to|went back to|back to) eating "
        r"(?P<x>meat|pork|beef|chicken|fish|seafood|dairy|eggs|animal products)\b",
        r"\bi(?:'m| am)? eat(?:ing)? (?P<x>meat|fish|dairy|eggs|animal products) (?:again|now|these days)\b",
        # "I've been vegetarian for six years": been one for some time
        r"\bi(?:'ve| have) been (?:a |strictly |mostly )?(?P<x>vegetarian|vegan|pescatarian|keto|paleo)\b",
        r"(?:^|\bi(?:'ve| have)? )(?:now |just |recently )?(?:gone|went) (?:fully |completely |full )?"
        r"(?P<x>vegetarian|vegan|pescatarian|keto|paleo"
        r"|gluten-free|dairy-free)\b",
        # eating anything is a way of eating too: a later "I'm vegetarian now" replaces it
        r"\bi (?:can |will )?eat (?:pretty much |almost |just about |basically )?(?P<x>everything|anything)\b",
        r"\bi(?:'m| am)? (?:now )?(?:eat(?:ing)? (?P<x>meat) again|back to eating meat)\b",
        # the way of eating named as a stage of life begun: "pescatarian era begins", "keto life now"
        r"\b(?P<x>vegetarian|vegan|pescatarian|flexitarian|keto|paleo|carnivore|low-carb|gluten-free|dairy-free)"
        r" (?:era|life|journey|phase|mode) (?:begins|starts|has begun|started|now|from now on)\b",
        r"^(?!.*\b(?:tonight|in a row|leftovers?)\b)(?:.*\bi(?:'m| am) |(?:ok |okay )?(?:i caved,? )?)(?:now )?"
        r"eating (?P<x>fish|meat|seafood) again\b",
        flags=_I,
    ),
    rule(
        "diet",
        r"\bi(?:'m| am) (?:a |strictly |mostly )?(?P<x>vegetarian|vegan|pescatarian|kosher|halal"
        r"|(?:lactose|gluten|fructose|histamine) intolerant|gluten-free|dairy-free)\b",
        r"\bi(?:'m| am) intolerant to (?P<x>[\w-]+(?: [\w-]+)?)",
        r"\bi (?:don'?t|do not|never) eat (?:any )?(?P<x>meat|pork|beef|fish|dairy|eggs|gluten|sugar)\b",
        flags=_I,
    ),
    rule(
        "job",
        rf"\bi(?:'m| am) an? (?P<x>(?:[\w-]+ )?(?:{_EN_JOBS}))\b",
        # becoming one: "I became a freelance photographer", "I qualified as a nursery teacher"
        rf"\bi(?:'ve)? (?:(?:just|recently|have|now|then|finally|eventually|quit and|left and|and) )*"
        rf"(?:became|become|qualified as|trained as|retrained as) an? "
        rf"(?P<x>(?:[\w-]+ )?(?:{_EN_JOBS}))\b",
        # hired as one, with or without its subject: "Got hired as a junior web developer last week!"
        rf"(?:^|\bi(?:'ve| have)? )(?:just |recently |finally |been |got |was |am |'m )*(?:hired|employed|taken on"
        rf"|promoted) (?:as|to) (?:an? |the )?(?P<x>(?:[\w-]+ ){{0,2}}(?:{_EN_JOBS}))\b",
        # starting as one, or what being one is like: "I start as a dental hygienist on Monday",
        # "Being a bank teller means smiling at cranky people"
        rf"\bi(?:'m| am)? (?:start|started|starting|begin|began|beginning) (?:work |a new job )?as an? "
        rf"(?P<x>(?:[\w-]+ ){{0,2}}(?:{_EN_JOBS}))\b",
        rf"(?:^(?:[\w,!.' ]{{0,20}}[,.!] )?|\b(?:but|and|so) )being an? "
        rf"(?P<x>(?:[\w-]+ ){{0,2}}(?:{_EN_JOBS})) (?:means|is|beats|has)\b",
        # "as a secondary school teacher I spend much of the day talking"
        rf"\bas an? (?P<x>(?:[\w-]+ ){{0,2}}(?:{_EN_JOBS})),? i\b",
        # work done for a company: "I've been driving for a delivery company for six years"
        r"\bi(?:'ve been| have been|'m| am)? (?:driving|working|delivering|cleaning|cooking|nursing|teaching) for "
        r"(?:an? |the )?(?P<x>(?:[\w-]+ ){0,2}?(?:company|firm|agency|service|hospital|school|restaurant|chain))\b",
        # what one teaches, or a first week at the work: "i teach 7th grade math", "first week doing
        # instructional design for an edtech startup"
        r"\bi(?:'ve been| have been)? teach(?:ing)? (?P<x>[\w -]{2,30}?)"
        r"(?= (?:at|to|in|for|so|and|but)\b|[,.;!?]|$)",
        r"^(?:my )?first (?:day|week|month|shift) (?:doing|as an?) (?P<x>[\w -]{2,30}?)"
        r"(?= (?:at|for|with|in)\b|[,.;!?]|$)",
        # working a post somewhere: "working the register at trader joe's today"
        r"(?:^|\bi(?:'m| am) |\b(?:still|now|been) )working (?:the (?:register|counter|front desk|desk|floor"
        r"|kitchen|bar|drive-?thru|grill|door|night shift|late shift|early shift|closing shift|morning shift) )at "
        r"(?P<x>(?!home\b)(?![\w'&. -]*\b(?:wedding|party|birthday|event|fundraiser|concert|game|bash)\b)"
        r"[\w'&. -]{2,30}?)(?= today| again| this week| all|[,.;!?]|$)",
        # some time into a new job or gig: "two weeks into the bookkeeping gig at the lumber yard"
        r"\b(?:\w+ )?(?:days?|weeks?|months?) into (?:my |the |this )?(?:new )?(?P<x>(?:[\w-]+ ){0,2}?)"
        r"(?:gig|job|role|position)\b(?! (?:search|hunt|interview|application))",
        # a company joined, by its capitalised name, where the sentence speaks of work
        r"^(?=.*\b(?:job|work|license|licence|hired|position|role|office|first (?:day|week|showing|shift)|notice))"
        r".*?\b(?:joined|got hired (?:by|at)|was hired (?:by|at)|signed on with|started at|got a job at) "
        r"(?P<x>(?-i:[A-Z])[\w&'’-]+(?: (?-i:[A-Z])[\w&'’-]+){0,3})",
        # a business one runs: "These days I'm running my own food truck"
        r"\bi(?:'m| am)? (?:now |currently )?(?:running|run|own|opened) (?:my own|a|an|our own) "
        r"(?P<x>(?:[\w-]+ ){0,2}?(?:truck|shop|store|cafe|café|restaurant|bakery|business|salon|studio|bar|stall"
        r"|company|clinic|practice|farm))\b",
        flags=_I,
    ),
    rule("birthday", r"\bmy birthday is (?:on )?(?P<x>[\w ,]{3,20}?)(?=[,.;!?]|$)", flags=_I),
    rule(
        "children",
        r"\b(?:i|we) have (?P<x>(?:a|one|two|three|four|five|six|\d+) (?:kids?|children|child|sons?"
        r"|daughters?|grandchildren|grandkids|grandsons?|granddaughters?))\b",
        flags=_I,
    ),
    rule(
        "trip",
        r"\b(?:[Ii]|[Ww]e)(?:'m| am|'re| are|'ll| will)? (?:flying|travel(?:l)?ing|going|heading|driving|leaving"
        r"|fly|travel|go|visit(?:ing)?) (?:to |for )?(?P<x>[A-Z][\w]+(?: [A-Z][\w]+)?)"
        r"(?=.*\b(?:on|in|next|this|tomorrow|tonight|at)\b|.*\d)",
    ),
    rule(
        "goal",
        r"\bi(?:'m| am) (?:planning|hoping|going|training) to (?P<x>[\w' -]{2,40}?)" + _EN_STOP_AFTER_X,
        flags=_I,
    ),
    rule(
        "pet_name",
        rf"\b(?:i|we) (?:have|adopted|got|rescued|took in) an? (?:new )?(?:{_PET_EN}) (?:named|called)"
        r" (?P<x>[A-Za-z][\w-]*)",
        flags=_I,
    ),
    rule(
        "medication",
        r"\bi (?:take|use) (?:my )?(?P<x>" + _NOT_A_DRUG + r"[a-z][\w-]+)"
        r"(?: \d+ ?(?:mg|mcg|ml|units))?"
        r" (?:every|each|twice|once|daily|at night|in the morning|before bed|after meals)\b",
        flags=_I,
    ),
)

RULES: tuple[Rule, ...] = EN_RULES + _EN_MORE
