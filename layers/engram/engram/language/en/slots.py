"""English answer slots: questions after the one current job, home, diet or partner."""

from __future__ import annotations

from engram.language.slot_pack import SlotPack

SLOTS = SlotPack(
    questions={
        "job": (
            r"\b(?:where (?:do|am) i (?:work(?!\s*out)|working|employed|based for work)|who do i work for"
            r"|what(?:'s| is| do) (?:my )?(?:current )?(?:job|occupation|profession|line of work|employer|workplace)"
            r"|what do i do (?:for (?:a living|work|money)|these days)"
            r"|what am i doing (?:for (?:a living|work|money)|job-wise)"
            r"|job-?wise(?=.*\bi\b)|\bi\b.*\bjob-?wise|what(?:'s| is) my (?:current )?(?:role|position)"
            r"|where(?:'s| is) my (?:job|work(?:place)?|office)|my (?:current |new )?(?:job|employer|workplace)"
            # the employer asked by its kind: "which company employs me?", "what firm am I with?"
            r"|(?:which|what) (?:company|firm|employer|organi[sz]ation) (?:do i work (?:for|at)|employs me"
            r"|am i (?:at|with|working (?:for|at)))|who employs me)\b"
        ),
        "home": (
            r"\b(?:where (?:do|am) i (?:live|living|based|staying)|where(?:'s| is) (?:my )?home"
            r"|(?:which|what) (?:city|town|state|country|neighbou?rhood|place) (?:do|am) i"
            r"(?! (?:work|study|go to (?:work|school)|supposed))(?!.*\b(?:mentally|emotionally)\b)"
            r"|my (?:current )?(?:city|town|address|place|neighbou?rhood)\b(?! of birth))"
        ),
        "diet": (
            r"\b(?:(?:my|what|which) (?:current )?diet|how (?:am|do) i eat(?:ing)?"
            r"|(?:my )?eating (?:style|pattern|plan|habits?)"
            r"|way (?:of|i'?m) eating|the way i eat"
            r"|am i (?:still )?(?:vegan|vegetarian|pescatarian|on keto|eating (?:meat|fish))"
            # the rules one eats by: "do I have any food restrictions?", "what am I avoiding eating?"
            r"|(?:food|dietary|eating) (?:restrictions?|rules?|limits?)"
            r"|what (?:foods? )?(?:do|am) i (?:avoid|avoiding|cutting out))"
        ),
        "partner": (
            r"\b(?:who(?:'s| is) my (?:partner|boyfriend|girlfriend|bf|gf|husband|wife|spouse"
            r"|significant other|other half"
            r"|fianc[eé]e?)|who am i (?:dating|seeing|with|going out with|in a relationship with|married to)"
            # "who's my partner?", "my boyfriend's name?": the partner asked for, not a question about them
            r"|my (?:partner|boyfriend|girlfriend|bf|gf|spouse|significant other|other half)(?:'s name)?(?=\W*$)"
            r"|am i (?:single|dating|seeing (?:anyone|someone)|in a relationship))\b"
        ),
        # the car one drives, the phone one uses: one at a time, replaced without a word of change ("caved
        # and got the Pixel")
        "vehicle": (
            r"\b(?:what (?:kind of |sort of |type of |make of )?(?:car"
            r"|vehicle|truck|suv|motorbike|motorcycle|scooter)s?"
            r" (?:do|am) i (?:drive|driving|have|own|ride|riding|got)|what (?:do|am) i (?:drive|driving)\b"
            r"|which car (?:do|am) i|my (?:current )?(?:car|vehicle|ride|truck)(?:'s (?:make|model))?(?=\W*$))"
        ),
        "phone": (
            r"\b(?:what (?:kind of |sort of |type of |model of )?(?:phone|cell ?phone|mobile|smartphone)"
            r" (?:do|am) i (?:have|use|using|got|own)|which (?:phone|cell ?phone|mobile|smartphone) (?:do"
            r"|am) i|my (?:current )?(?:phone|smartphone|cell ?phone)(?:'s model| model)?(?=\W*$))"
        ),
        # the school one attends: one at a time ("the commute to UCLA…" after "finals week at Ohio State…")
        "school": (
            r"\b(?:(?:what|which) (?:[a-z]+ )?(?:school|university|college|uni|grad school|law school|program|programme"
            r"|course|degree|campus|academy) (?:do|am) i"
            r" (?:attend|go to|study at|in|enrolled|at|attending|doing|taking)"
            r"|where (?:do|am) i (?:study|studying|go to (?:school|college|uni(?:versity)?)|enrolled"
            r"|attend(?:ing)?(?: school| college| uni(?:versity)?| classes)?)"
            r"|what (?:am i|do i) (?:studying|study|majoring in|major in)\b(?! for)"
            r"|what(?:'s| is) my (?:current )?(?:school|university|college|uni|major|degree|program|programme)"
            r"|my (?:current )?(?:school|university|college|uni|major)(?=\W*$))"
        ),
        # one of a kind at a time: the favourite of a category, the pastime of the moment (not "my hobbies")
        "likes": (
            r"\b(?:(?:my|a) (?:current |new )?(?:fave?|fav(?:ou?rite)?|go-to|top|comfort|all-time fav\w*)"
            r"(?! (?:things|ones)\b)(?!s\b) \w+"
            r"|what(?:'s| is) my (?:fave?|fav(?:ou?rite)?|go-to|top)\b(?!s)|who(?:'s| is) my fav\w*"
            r"|what do i (?:like|love|enjoy) (?:best|most)"
            r"|which \w+ do i (?:like|love|prefer|enjoy)(?: \w+ing(?: to)?)? (?:best|most)"
            r"|what am i (?:obsessed with|hooked on|addicted to|craving))"
        ),
        "hobby": (
            r"\b(?:(?:my|a) (?:current |new )?(?:hobby|pastime)\b"
            r"|what (?:(?:activity|activities|sport|thing|stuff) )?am i into"
            r"|what do i do (?:for fun|in my (?:free|spare) time|after work|on (?:the )?weekends?)"
            r"|how do i (?:spend|pass) my (?:free|spare|down) ?time"
            # classes, lessons and exercise of the moment: "what kind of gym do I go to these days?"
            r"|what (?:kind of |sort of )?(?:gym|class|lessons?|sport|workout) (?:am i|do i)"
            r"|where do i (?:work out|exercise|train|go to the gym)|what do i do (?:for exercise|to (?:stay|keep) fit)"
            r"|what am i (?:learning|taking (?:classes|lessons) (?:in"
            r"|for))|how do i (?:work out|exercise|stay fit|keep fit)"
            # free time asked with a word between: "how do I relax in the evenings?", "what do I usually do on
            # weekends?", "what's been keeping me busy lately?"
            r"|how do i (?:relax|unwind|chill|de-?stress|spend my (?:evenings|weekends|nights|days off|free time"
            r"|spare time|downtime))"
            r"|what do i (?:usually |normally |typically |mostly |generally )?do"
            r" (?:to (?:relax|unwind|chill|de-?stress)"
            r"|(?:on|over|during) (?:the |my )?(?:weekends?|evenings?|days off)|in the evenings?|at night)"
            r"|what(?:'s| has) been keeping me busy)"
        ),
    },
    several_or_others=(
        r"\b(?:what|which|who) are\b|\b(?:list|name)\b|\btop \d+|\b(?:you|your|people|everyone|most popular)\b"
        r"|\b(?:foods|dishes|drinks|movies|films|shows|books|songs|bands|singers|colou?rs|things|ones|hobbies|pastimes)\b"
    ),
    someone_else=(
        # "what diet is my roommate on?", "does my nephew…": not "what is my favourite…", "is my job…"
        r"\b(?:does|is|did) (?:my|our) (?!(?:fave?|fav(?:ou?rite)?|go-to|top|comfort|current|new|job|work|home|diet"
        r"|address|city|town|place|neighbou?rhood|hobby|pastime|school|university|college|uni|major|program|car"
        r"|vehicle|phone|old|previous|former)\b)"
        r"|\b(?:he|she|they|his|her|their)\b"
        r"|\bmy (?:son|daughter|kids?|child(?:ren)?|mom|mum|mother|dad|father|parents?|brother|sister|friend|bff|bestie"
        r"|boss|husband|wife|partner|spouse|boyfriend|girlfriend|bf|gf|fianc\w*"
        r"|grand\w+|aunt|uncle|niece|nephew|cousin|neighbou?r|coworker|colleague)'?s?\b"
        # a pet is someone else too: "my cat only eats wet food" says nothing of the user's diet
        # (not a food: "the hot dog deal at Costco", "corn dogs")
        r"|\b(?<!hot )(?<!corn )(?<!chili )(?<!chilli )(?:dog|cat|pupp(?:y|ies)|kitt(?:y|en)|pet|rabbit|bunny|hamster"
        r"|parrot|budgie|guinea pig)s?\b"
    ),
    away=(
        r"\b(?:trips?|travel\w*|vacation\w*|holiday|visit\w*|flights?|fl(?:y|ew|ying) (?:to|into|out)|conference"
        r"|layover|road ?trip|getaway|tour(?:ing)?|born|grew up|raised|hometown|home town|originally|back in"
        # a trip booked: "booked it!! lisbon for my 40th, leaving mid october"
        r"|booked it|booked (?:a |my |our |the )?(?:flights?|trip|tickets?))\b"
        r"|\b(?:(?:i'?m|i am|we'?re|we are)(?: originally)? from|came from|come from|moving to|move to|relocat\w* to"
        r"|thinking (?:about|of) (?:moving|relocating)|plan(?:ning)? to|next (?:year|month|spring|summer|fall|winter)"
        r"|might move|will move|hope to move|want to (?:move|live)|someday|dream of)\b"
    ),
    ended=(
        r"\b(?!(?:Mom|Mum|Dad|Mama|Papa|Nana|Granny|Grandma|Grandpa|Grandad|Granddad)\b)"
        r"(?P<name>[A-Z][a-z]{2,})(?:,? (?:our|my) \w+,?)? "
        r"(?:passed(?= away| in (?:January|February|March|April|May|June|July|August|September|October|November"
        r"|December)\b| last (?:week|month|year|night)| recently"
        # a time said after it: "Biscuit passed a few weeks ago 😢", "Rocky passed yesterday" (not "passed the
        # vet check", "Lily passed!")
        r"| (?:a (?:few|couple(?: of)?)|\w+) (?:days?|weeks?|months?|years?) ago\b"
        r"| (?:yesterday|this (?:morning|week|month|year)|over the weekend|on \w+day)\b(?!['’]))"
        # ("User": a fact's rewrite of "I", "Dan and User broke up in August")
        r"|died|crossed the rainbow bridge|and (?:I|User) (?:broke up|split|called it quits|ended things))"
        # "me and Tamsin called it quits", "Jake dumped me"
        r"|\b(?:me|I|User) and (?P<name3>[A-Z][a-z]{2,})"
        r" (?:broke up|split up|called it quits|ended things|are done|are over)\b"
        r"(?!\s+(?:the|a|an|our|my|his|her|their|it|at|with|in|on|for)\b)"
        r"|\b(?P<name4>[A-Z][a-z]{2,}) (?:dumped|ghosted) me\b"
        r"|\b(?:lost|rehomed|re-homed|put down|gave away|broke up (?:with|w)|split (?:up )?with|had to let go of)"
        r" (?:our |my )?(?:(?:dog|cat|puppy|kitten|bunny|rabbit|hamster|bird|parrot|boyfriend|girlfriend|partner) )?"
        r"(?P<name2>[A-Z][a-z]{2,})\b"
    ),
    ended_things=(
        # a thing of one's own (my / the / our) sold, traded, given up or cancelled — not "quit complaining",
        # "sold out", "cancelled my dentist appointment"; "over" only of a pastime ("kinda over knitting")
        r"\b(?:sold|traded in|traded|got rid of|gave up(?: on)?|ditched|quit|cancel(?:l)?ed)"
        r" (?:my|the|our|that) (?:old )?(?P<thing>[a-z][\w-]{2,})\b"
        r"(?! (?:appointment|appt|reservation|order|plans?|class|meeting|call|flight|booking|ticket)s?\b)"
        r"|\b(?:i'?m |kinda |so |totally )over (?P<thing2>[a-z]{3,}ing)\b"
        # a pastime given up, said bare: "I quit pottery", "gave up tennis" (not "quit early", "quit it")
        r"|\bi (?:quit|gave up|stopped doing|dropped) (?!(?:it|that|this|them|early|again|now|work|today|my|the|our"
        r"|smoking|drinking|vaping)\b)(?P<thing3>[a-z]{4,})\b(?! (?:to|and|on|for|at|with|because)\b)"
        # no longer done, said as such: "I stopped going to yoga", "not really into pottery anymore", "haven't
        # played guitar in months", "I don't really do crossfit these days", "pottery got boring"
        r"|\bi (?:stopped|quit) (?:going to|doing|playing|taking) (?:the )?(?!(?:it|that|this|them|work)\b)"
        r"(?P<thing4>[a-z]{4,})\b"
        r"|\b(?:not really|no longer) into (?P<thing5>[a-z]{4,})\b"
        r"|\bhaven'?t (?:played|done|been to|gone to) (?P<thing6>[a-z]{4,}) in (?:months|years|ages|forever|a while)\b"
        r"|\bi don'?t (?:really )?(?:do|play) (?P<thing7>[a-z]{4,}) (?:anymore|any more|these days)\b"
        r"|\b(?!(?:work|life|school|things|that|this)\b)(?P<thing8>[a-z]{4,})"
        r" got (?:boring|old|too expensive|too pricey)\b"
    ),
    names_someone=(
        r"\b(?:named|called)\s+(?-i:[A-Z])|\bname(?:'s| is)\s+(?-i:[A-Z])"
        r"|\b(?:boyfriend|girlfriend|husband|wife|partner|fianc[eé]e?|bf|gf|hubby|wifey|spouse|other half),?\s+"
        r"(?!(?:I|Mom|Mum|Dad|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b)(?-i:[A-Z][a-z]+)\b"
        r"|\b(?!(?:I|Mom|Mum|Dad|And|But|So|Then|Now|Today|Yesterday|Here|There|This|That|Yes|No|Oh|Well)\b)"
        r"(?-i:[A-Z][a-z]+) and I\b|\bme and (?-i:[A-Z][a-z]+)\b"
        r"|\bwith (?!(?:I|Mom|Mum|Dad)\b)(?-i:[A-Z][a-z]+)\b"
        # "been seeing this guy Marco", "dating a girl named…" is above
        r"|\b(?:seeing|dating) (?:this |a |some )?(?:guy|girl|man|woman|dude|boy|lady) (?-i:[A-Z][a-z]+)\b"
        # who one dates or marries: "I'm dating Luis now", "engaged to Priya"
        r"|\b(?:dating|seeing|married to|marrying|engaged to|met) (?!(?:I|Mom|Mum|Dad)\b)(?-i:[A-Z][a-z]+)\b"
    ),
    pastime_words=(
        r"\b(?:class|classes|lessons?|gym|studio|dojo|rink|court|club|course|workshop|practice|training|bootcamp"
        r"|workouts?|work out|exercise|pilates|yoga|spin|crossfit|zumba|climbing"
        r"|bouldering|boxing|kickboxing|karate|judo|jiu-?jitsu|swimming)\b"
    ),
    models={
        # what names a workplace ("the office cafeteria at Stripe", "my coworkers"): a statement naming one
        # is work's when the embedder has work among its first classes ("…the view from the office is unreal")
        "job": (
            r"\b(?:office|cafeteria|canteen|co-?workers?|colleagues?|my (?:boss|manager|team lead|supervisor)|payroll"
            r"|onboarding|shifts?|clock(?:ed)? (?:in|out)|headquarters|hq)\b"
        ),
        # what names a school one attends and studies at ("finals week at Ohio State", "the campus is gorgeous")
        "school": (
            r"\b(?:universit(?:y|ies)|college|campus|grad school|law school|med school|semesters?|midterms?"
            r"|professors?|thesis|dissertation|dorm|tuition|sophomore|freshman|undergrad|majoring"
            r"|my major|master'?s|phd|coursework|syllabus|clinicals)\b"
        ),
        "vehicle": (
            # a whole word among Latin letters ("Kia" is not in "Kiara"), not among kana ("N-BOXが")
            r"(?<![a-z])(?:toyota|honda|nissan|mazda|subaru|mitsubishi|suzuki|daihatsu|lexus|hyundai|kia|genesis|ford|chevy|chevrolet|tesla|bmw|benz|mercedes|audi"
            r"|volkswagen|vw|volvo|porsche|jeep|dodge|gmc|cadillac|buick|jaguar"
            r"|land rover|fiat|peugeot|renault|skoda|byd|rivian|prius|civic|corolla"
            r"|camry|accord|rav-?4|cr-?v|hr-?v|outback|forester|crosstrek|model [3ysx]"
            r"|cx-?[3-9]0?|miata|wrangler|f-?150|silverado|tacoma|tundra|highlander"
            r"|altis|yaris|jetta|mustang|elantra|sonata|tucson|sorento|sportage"
            r"|santa fe|ioniq|outlander|vespa|harley|kawasaki|yamaha|ducati|gogoro)(?![a-z])"
        ),
        "phone": (
            r"(?<![a-z])(?:iphone|galaxy|pixel|xperia|oneplus|xiaomi|redmi|huawei"
            r"|oppo|vivo|motorola|moto g|nokia|samsung|android)(?![a-z])"
        ),
    },
    employer_named=(
        # a name taken whole and bounded (possessive: a long token is never tried again shorter)
        r"(?<![\w&.-])(?!(?:the|my|our|this|that|a|an|new|old|main|home|head|post|dentist|doctor|back|front|box)\b)"
        r"(?-i:[A-Z][\w&.-]{1,40}+)(?:'s)?(?: (?-i:[A-Z][\w&.-]{1,40}+)(?:'s)?)?"
        r" (?:office|offices|cafeteria|canteen|headquarters|hq)\b"
    ),
    partner_words=(
        r"\b(?:boyfriend|girlfriend|bf|gf|partner|fianc\w*|husband|hubby|wife|wifey|spouse|other half|seeing|dating)\b"
    ),
    companions=(
        r"\b(?:dog|cat|pupp(?:y|ies)|kitt(?:y|en)|pet|rabbit|bunny|hamster|parrot|budgie|parakeet|bird|guinea pig|fish"
        r"|turtle|tortoise|lizard|gecko|snake|ferret|chinchilla|hedgehog|axolotl|goldfish|horse|beagle|poodle|retriever"
        r"|terrier|shepherd|greyhound|tabby|vet"
        # breeds, which name a pet as well as "dog" does ("our maltese Coco turned 15")
        r"|maltese|shih tzu|pomeranian|chihuahua|dachshund|corgi|husky|huskies|labrador|pug|bulldog|schnauzer"
        r"|shiba|samoyed|\w*doodle|spaniel|collie|rottweiler|mutt|siamese|ragdoll|maine coon|sphynx|calico"
        r"|boyfriend|girlfriend|bf|gf|partner|fianc\w*|husband|wife|dating|date)s?\b"
    ),
    examples={
        "job": (
            "I work as a nurse at the hospital",
            "my job is in accounting at a bank",
            "I started a new job at a software company",
            "I'm a teacher at the local school",
            "work was exhausting, my shift at the store ran late",
            "I got hired as a driver",
            "another long shift at the restaurant, my feet are killing me",
            "closing the store again tonight, so tired",
            "my boss at the warehouse made us stay late",
            "first day at the new office went fine",
            "I work at city hall, the permits desk",
            "I handle claims at an insurance company",
        ),
        "home": (
            "I live in Portland",
            "we moved to a new apartment in Denver",
            "the weather here in Boston is cold",
            "our house is in the suburbs of Dallas",
            "I just relocated to Miami",
            "things are quiet in my town",
            "the damp winters here in Seattle are rough on my breathing",
            "we got the keys to our new house in Phoenix",
            "a month since we moved to Austin and the tacos here are amazing",
        ),
        "diet": (
            "I'm vegetarian",
            "I've been doing keto",
            "I stopped eating meat",
            "I'm on a low-salt diet",
            "I eat gluten free now",
            "I went vegan",
        ),
        "partner": (
            "my boyfriend is named Jake",
            "my girlfriend and I went out",
            "I'm dating someone new",
            "my husband cooked dinner",
            "we broke up last month",
            "my wife and I have been married ten years",
        ),
        "vehicle": (
            "I drive a Honda Civic",
            "my car is a used Toyota Corolla",
            "just bought a Ford pickup",
            "the Jeep needs an oil change",
            "my motorcycle is a Yamaha",
            "picked up my new Tesla from the dealer",
        ),
        "school": (
            "I'm a sophomore at Ohio State",
            "I study biology at the state university",
            "finals week on campus is brutal",
            "my classes at the community college start Monday",
            "I'm in grad school for social work",
            "my professor assigned a twenty-page paper",
            "I'm doing my master's at NYU",
            "I transferred to a new college this semester",
        ),
        "phone": (
            "my phone is an iPhone 13",
            "I use a Samsung Galaxy",
            "just got a Pixel",
            "my phone screen cracked again",
            "got a new Android phone",
            "my iPhone battery dies by noon",
        ),
        "hobby": (
            "in my free time I play tennis",
            "I've been painting on weekends",
            "my hobby is gardening",
            "I go hiking every Sunday",
            "I've taken up knitting",
            "after work I play guitar",
            "I play bass in a band on weekends",
            "I sing in the church choir",
            "I spend my evenings doing jigsaw puzzles",
            "I go fishing at the lake on Saturdays",
            "I started taking pottery classes",
            "I've been learning to play the ukulele",
            "I do yoga at the community centre twice a week",
            "I go to spin class before work",
            "I've been doing pilates at a studio near me",
            "I'm taking Spanish lessons on Tuesdays",
            "started kickboxing classes this month",
        ),
        "likes": (
            "my favourite food is ramen",
            "I love sushi more than anything",
            "my go-to snack is popcorn",
            "pizza is my all-time favourite",
            "I could eat my grandma's stew every day",
            "nothing beats a good burger",
            "my go-to drink is an iced americano",
            "I can watch The Office on repeat forever",
            "my favourite singer is Adele, I know every song",
            "spring is my favourite time of year",
            "I'm totally obsessed with that K-pop group lately",
            "green has always been my favourite colour",
        ),
        "health": (
            "my doctor put me on a new inhaler",
            "I take blood pressure pills every morning",
            "my chest has been tight and I'm coughing",
            "I have COPD",
            "the nurse checked my oxygen",
            "I'm allergic to penicillin",
            "went to the hospital for my checkup today",
        ),
        "pet": (
            "my dog is named Max",
            "our cat threw up this morning",
            "I adopted a puppy",
            "the vet said my rabbit is healthy",
            "walking the dog in the park",
            "my hamster sleeps all day",
        ),
        "family": (
            "my daughter started school",
            "my son lives in Texas",
            "my mom is visiting this weekend",
            "my brother is a doctor",
            "my granddaughter turned six",
            "my sister texted me",
        ),
        "chat": (
            "it's so hot today",
            "thanks, that helps",
            "what's the capital of France",
            "lol that's funny",
            "good morning!",
            "can you recommend a movie",
        ),
    },
)
