"""English memory-gate phrases (data read by domain/gate_rules.py)."""

from __future__ import annotations

import re

from engram.language.gate_pack import GatePack

_I = re.IGNORECASE

GATE = GatePack(
    memory_reference=re.compile(
        r"\bremember\b|\brecall\b|\bi (?:told|mentioned|said)\b|\byou (?:said|told me|mentioned|asked)\b"
        r"|\bwe (?:talked|discussed|spoke)\b|\bwhat(?:'s| is) my\b|\bdo you know my\b|\bmy name\?"
        # asking back what was said: "..., right?", "who's the landlord again?"
        r"|,?\s*+(?:right|correct|isn't it|wasn't it|didn't i)\s*+\?\s*+$|\bagain\s*+\?\s*+$",
        _I,
    ),
    time_reference=re.compile(
        r"\blast (?:time|week|night|month|year|visit|session|checkup)\b|\byesterday\b|\bpreviously\b"
        r"|\bthe other day\b|\b(?:a few|\d+|two|three|several) (?:days|weeks|months) ago\b|\bearlier today\b"
        r"|\b(?:than|as|like) before\b|\bbefore\s*[?.!]*$|\b(?:told|said|mentioned|asked"
        r"|talked about) .* before\b"
        r"|\brecently\b|\blately\b|\bsince (?:yesterday|last|monday|tuesday|wednesday|thursday|friday"
        r"|saturday|sunday)\b"
        r"|\bcompared (?:to|with)\b",
        _I,
    ),
    state_update=re.compile(
        r"\b(?:breath\w*|breathless|wheez\w*|cough\w*|phlegm|sputum|pain\w*|hurts?|hurting|ache\w*|sore"
        r"|fever|temperature|tired|exhausted|fatigue\w*|sleep\w*|slept|insomnia|dizzy|nause\w*|vomit\w*"
        r"|threw up|throwing up|diarrh\w*|mood|anxious|depressed|stressed|lonely|upset"
        r"|blood pressure|blood sugar|oxygen|spo2|weigh\w*|appetite|swollen|rash|itch\w*"
        r"|(?:took|taken|take|taking|forgot|missed|skipped) (?:my |the )?(?:meds|medicine|medication|pills?"
        r"|inhaler|dose)"
        r"|inhaler)\b"
        r"|\bmy (?:dog|cat|puppy|kitten|pet) (?:ate|eats|vomited|threw up|is sick|won't eat|isn't eating"
        r"|has)\b",
        _I,
    ),
    personal_advice=re.compile(
        r"\b(?:what|how) should i\b|\bshould i\b|\bfor me\b|\bcan i (?:eat|drink|take|go|exercise|do|still)\b"
        r"|\bis it (?:ok|okay|safe|fine) (?:for me|if i|to)\b|\b(?:recommend|suggest)\w* (?:me|for me)\b"
        r"|\bdo you think i\b|\bwhat do i do\b|\bmy (?:plan|diet|routine|case|situation|condition)\b",
        _I,
    ),
    personal_event=re.compile(
        r"\bmy (?:son|daughter|wife|husband|mom|mum|mother|dad|father|brother|sister|grandson"
        r"|granddaughter|grandma|grandpa|kids?|children|family|doctor|nurse|vet)\b"
        r"|\b(?:i|i'm|i've|i was|we)\b.*\b(?:hospital|clinic|doctor|surgery|check-?up|er|appointment)\b",
        _I,
    ),
    small_talk=re.compile(
        r"\bhow are you\b|\bhow's it going\b|\bwhat's up\b|\bwhats up\b|\bwho are you\b|\bwhat(?:'s"
        r"| is) your name\b"
        r"|\btell me a joke\b|\bweather\b|\bare you (?:a )?(?:bot|robot|human|real)\b"
        r"|\bwhat are you doing\b"
        # a reaction to what was said: "lol that's wild", "haha that's crazy"
        r"|^\W*+(?:lol|lmao|haha\w*|omg)?\W*+that'?s (?:so |too |kinda |pretty )?(?:wild|crazy|insane|nuts|funny"
        r"|hilarious|hysterical|cute|cool)\W*$"
        # a remark about the bot: "haha you're funny", "you are so sweet"
        r"|\b(?:you(?:'re| are)|youre|ur|u r) (?:so |really |very |pretty |kinda |such an? |the )?(?:funny|cute|smart"
        r"|clever|sweet|kind"
        r"|hilarious|best|awesome|adorable|helpful|silly|weird|lovely|amazing)\b"
        r"|\bi'm bored\b|\bjust chatting\b|\b(?:write|compose|make up) (?:me )?an? (?:\w+ )?(?:poem|story"
        r"|song|haiku)\b",
        _I,
    ),
    general_knowledge=re.compile(
        r"^\s*(?:what(?:'s| is| are| was| were)|who (?:is|was|were|wrote|invented|discovered)|where (?:is"
        r"|are)"
        r"|what (?:causes|happens|does|do)|when (?:is|was|did)|why (?:is|are|do|does|did)|how (?:does|do|did"
        r"|is|are|many|much|long|far|old"
        r"|big)"
        r"|which|explain|define|tell me about)\b|\bdifference between\b|\bmeaning of\b|\bcapital of\b"
        # "is a tomato a fruit?", "does the moon spin?": a yes/no question about a thing, not a person
        r"|^\s*(?:is|are|was|were|do|does|did|can|could) (?:an?|the) \w+"
        r"|\b(?:\w+est|most \w+) \w* ?in the world\b|\bwhat year\b|\bstand for\b|\btime ?zone\b"
        # arithmetic and conversions: "what's 12 x 8", "convert 30 celsius to fahrenheit"
        r"|\b\d+(?:\.\d+)?\s*(?:[+×÷*]|\s(?:x|plus|minus|times|divided by)\s)\s*\d+(?![\d.])"
        r"(?!\s*(?:mg|mcg|ml|units?|pills?))"
        r"|^\s*(?:convert|calculate)\b"
        # an ingredient's measure, a market's price: "how many grams of flour in a cup", "what's the dollar to yen rate"
        r"|\bhow many (?:ml|milliliters|grams|cups|tablespoons|teaspoons|tbsp|tsp|ounces|oz|liters|litres)\b"
        r"|\bexchange rate\b|\bstock price\b|\bshare price\b|\b(?:dollar|euro|pound|yen) to (?:dollar|euro|pound|yen)",
        _I,
    ),
    greeting_words=(
        r"hi|hello|hey|hiya|yo|howdy|good (?:morning|afternoon|evening|night|day)|morning|evening|thanks?|"
        r"thank you|thx|ty|cheers|bye|goodbye|see (?:you|ya)|later|ok|okay|cool|great|nice to meet you|"
        r"there|so much|a lot|again|everyone|friend|buddy|bot|lol|haha|that's all(?: for (?:today|now))?|that's it"
    ),
    first_person=(
        r"\b(?:i|i'm|im|i've|i'd|i'll|me|my|mine|myself|our|ours|we|us|we're|we've|we'll|we are|we have|we will)\b"
    ),
    question=(
        r"^\s*(?:what|what's|whats|how|why|when|where|who|which|is|are|can|could|does|do|did|should|would"
        # "can't stop listening to …", "can't wait for the trip": the "I" dropped, a statement; "can't you …" asks
        r"|will)\b(?!'t\b)|^\s*can't (?:i|you|we|he|she|they|it)\b"
    ),
    # ... and "like I'm five": the "I" of a figure of speech
    request_to_bot=r"\b(?:tell|give|show|teach) me\b|\blike i'?m (?:five|5|a (?:kid|child|beginner))\b",
    own_life=re.compile(
        r"\b(?:the |our |the kids'? )?(?:kids|children|son|daughter|wife|husband|partner|girlfriend|boyfriend"
        r"|fianc[eé]e?|ex|mum|mom|dad|sister|brother"
        r"|grand\w+|neighbou?r|landlord|boss|colleague|flatmate|roommate|(?:the|our) (?:dog|cat|puppy|kitten|pet)"
        r"|best friend|bestie|bff|cowork\w+|co-work\w+|teammate|manager|cousin|aunt|uncle|nephew|niece|in-laws?"
        r"|doctor|dentist|vet|clinic|gym"
        r"|appointment|schedule|plans?|booking|reservation|flight|trip|holiday|vacation|shift|lease|rent|mortgage"
        r"|shopping list|to-?do list|list|car|bike|phone|keys|prescription|pills|meds|supplements?|vitamins"
        r"|favou?rite"
        # health asked in passing: "what was the dose the doc changed it to?", "which inhaler was the rescue one"
        r"|(?:the|my) (?:doc|dose|dosage|inhaler|puffer)|refill|rescue|(?:my|which) med(?! school)"
        # one's own days, asked alone: "what's on next week?", "what's on for saturday" (not "what's on HBO")
        r"|what'?s on (?:for )?(?:next week|this week|the weekend|tomorrow|tmrw|tonight|today"
        r"|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?)(?=\s*[?？!.]*$)"
        # money of one's own: "how much did i put on the credit card this month?"
        r"|credit card|paycheck|salary|bills?|budget|savings|bank account"
        # home and what opens it, a marriage: "what's the internet password at home?", "when did we get married?"
        r"|home|house|apartment|wi-?fi|password|passcode|spare|married|wedding|anniversary"
        # a state asked of the present ("What's the diet now?"): the user's, which changes
        r"|now|currently|nowadays|these days)\b",
        _I,
    ),
    courtesy=r"\b(?:thanks?|thank you|thx|cheers|appreciate it|see you|bye|good ?night|nice to meet)\b",
    invitation=r"^\s*(?:let's|lets|let us|shall we)\b",
    task_for_bot=(
        r"^\s*(?:please )?(?:tell|write|give|show|make|sing|compose|draw|translate|list|explain)\b"
        # something picked at random: "can you recommend a random podcast" (not "a good physio for my knee")
        r"|\b(?:recommend|suggest|pick)\w* (?:a|an|some|any) random\b"
        # a work or a kind of thing asked for ("can you summarize the plot of Hamlet", "recommend a good thriller")
        r"|^\s*(?:can|could|would|will) you (?:please )?(?:tell|write|give|show|make|sing|compose|draw|translate|list"
        r"|explain|summari[sz]e|recap|outline|describe)\b|^\s*(?:please )?(?:summari[sz]e|recap|outline|describe)\b"
        r"|\b(?:recommend|suggest)\w* (?:me )?(?:a|an|some|any) (?:\w+ )?(?:movie|film|book|novel|song|album|show"
        r"|series|podcast|game|anime|drama|thriller|comedy|documentary)s?\b"
        # help with code: "how do i sort a list in python" names a language, not the user's life
        r"|\bhow (?:do (?:i|you)|to|can i|would i) [^?]*\bin (?:python|javascript|typescript|java|sql|excel|regex"
        r"|html|css|bash|powershell|c\+\+|c#)\b"
    ),
    in_general=r"\bin general\b|\bgenerally\b|\btypically\b|\bfor most people\b",
    reaction_words=(
        r"wo+w+|who+a+|woah|omf?g+|oh my (?:god|gosh|goodness)|o+h+|a+h+|a+w+|o{2,}h*|lo+l+|lmf?ao+|rofl|(?:ha){2,}h?"
        r"|(?:he){2,}|hah|ye+s+|yea+h*|yep|yup|ya|no+ way|nope|nah|no+|ok(?:ay)?|kk?|cool|nice|neat|great|awesome"
        r"|amazing|wild|crazy|insane|nuts|bonkers|cute|sweet|fair enough|true|totally|exactly|right|indeed|same"
        r"|mood|oo+f|yikes|u+gh+|damn|dang|wtf|bruh|ge+z|je+z|gosh|hm+|huh|really|seriously|for real|fr|legit"
        r"|ikr|what|that'?s|that is|this is|so+|very|too|kinda|pretty|super|sure|of course|good|wonderful"
        r"|fantastic|incredible|unbelievable|hilarious|funny|interesting|makes sense|got it|gotcha|sounds good"
        r"|love (?:it|that)|dude|man|bro|wowza|yay|woo+|wh?oo+t|hell yeah|no kidding|you bet"
    ),
    about_a_quote=(
        r"\btranslat\w*|\bmean(?:s|ing)?\b|\bhow (?:do|would|can) (?:you|i|we) (?:say|spell|pronounce)\b|\bspell\b"
        r"|\bpronounc\w*|\bsynonyms?\b|\bantonyms?\b|\banother word for\b|\bin (?:english|french|spanish|german"
        r"|italian|japanese|korean|chinese|mandarin|cantonese|portuguese|russian|arabic|hindi|thai|vietnamese)\b"
    ),
    # a named person's life, asked by name ("When is Hannah's birthday?", "How old is Leo?", "where does Jess
    # work now?"); the rules check the name is no place ("What is France's ...")
    someones_life=re.compile(
        r"\b(?!(?:What|How|Who|Where|When|Why|It|That|This|There|Here|Let|He|She)['’]s)"
        r"[A-Z][a-z]+['’]s (?:\w+ )?(?:birthday|bday|b-day|age|job|work|office|boss|school|class|major|teacher"
        r"|wife|husband|partner|girlfriend|boyfriend|fianc[eé]e?|kids?|children|son|daughter|baby|mom|mum|mother"
        r"|dad|father|parents|sister|brother|family|favou?rite|address|phone|number|email|plans?|relationship"
        r"|identity|hobby|hobbies|pets?|dog|cat|puppy|surgery|operation|appointment|wedding|graduation|diet"
        r"|allerg\w*|meds|medication|condition|health|shift|schedule|new (?:job|place|apartment|house|car|school))\b"
        r"|\b(?i:how old (?:is|was|will)) [A-Z][a-z]+\b(?! [A-Z])"
        r"|\b(?i:where (?:does|did|is)) [A-Z][a-z]+ (?:work|live|study|stay|go to school|teach|train|volunteer)"
    ),
)
