# ruff: noqa: E501
"""Held-out corpus ``aa`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of older and non-technical people who use an
assistant for personal admin: tax and pensions, insurance claims, a parent's care home, family
history, council permits, selling a car, medical appointments, a parish newsletter and a
garden club. Opened while writing: only lines 1-66 of ``benchmarks/_turns_corpus_t.py`` (its
docstring, imports and ``KINDS``) and lines 1084-1141 of the same file (its ``generate``
function and ``__main__`` self-check), to copy the interface; none of its wording is reused.
NOT opened, grepped or run: anything under ``src/``, ``tests/`` or ``benchmarks/results/``,
every other ``benchmarks/_turns_corpus_*.py`` file (nor the middle of ``_turns_corpus_t.py``),
any ``bench_*.py`` script, ``train_turn_model.py``, ``turns_model_loco.py`` and
``turn_features_loco.py``. packlight was not imported and no classifier or benchmark was run
on this corpus; do not tune this file against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or
  ``"reply"`` (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 35 personal-admin tasks, each with concrete names, places, references and amounts: a self
  assessment return with rent from a Leamington flat, an emergency tax code ``1257L M1`` on an
  Aviva pension, deferring the State Pension, tracing a 1978-1991 Boots pension, a Direct Line
  claim ``DL-884213``, a burst-pipe home claim ``HH-20931``, a cancelled Madeira holiday
  (``£1,860``), Rosewood Lodge care-home fees (``£1,245`` a week) and a complaint about lost
  hearing aids, Attendance Allowance for Gerald, a Blue Badge, a Sherwood Foresters service
  record, an Irish baptism in Mayo, a family-history booklet for a reunion, a conservatory
  application ``PA/24/0917``, a dropped kerb, a protected oak, a skip permit, advertising a
  2012 Honda Jazz, a lost V5C, a fasting blood test, a twice-moved hip operation, repeat
  prescriptions on the NHS app, the St Aidan's newsletter, flower rota and roof appeal, garden
  club minutes, show schedule and a ``£74.50`` difference in its books, an estimated Octopus
  gas bill, single person discount, a Lasting Power of Attorney, probate for a brother, a bus
  pass renewal and a Royal Mail scam text.
- Each task carries nicknames, details a resume can point at ("the one about the £74.50 that
  doesn't add up"), imperative "do" phrases, a context-only account of the problem ("a letter
  from HMRC came this morning ..."), a question that implies the work, and five same-task
  replies, many of them look-alikes where cancel / stop / pause / on hold / switch / instead /
  back are the task's own subject matter (a holiday that was cancelled, a tablet the doctor
  stopped, heating switched off, a skip delivery paused, being put on hold by HMRC, "stop and
  rest after fifty yards").
- Register: long-winded, very polite and indirect, side stories about grandchildren, husbands,
  the dog and the weather, several intents per message (thanks + an answer + a change of
  course + a question), letter-style openings and signatures ("Kind regards, Margaret",
  "Yours faithfully"), and terse lines from people who type little. Switches are mostly a new
  problem told as context and then asked about, priorities changed by an event, a hand-off to
  a relative or Citizens Advice followed by a new request, "that's as far as I want to go with
  ..." or "it can keep"; stops are deferrals, giving up, hand-offs, "that's me finished for
  today"; resumes name the earlier task by nickname, by a detail, or not at all ("the other
  thing", "what we were doing before the phone rang", "the thing I wouldn't let you finish").
  Only a minority says stop / cancel / instead / switch / resume literally. Replies are half
  plain (answers, approvals, nudges, corrections, progress questions) and half look-alikes
  (pausing for the doorbell, "don't stop on my account", "is the other thing still on hold?
  don't go back to it now", doing the same task by post instead of online).
- Seeded slot filling over the message templates counted by the self-check plus the
  task-specific replies, then register noise on some cases (ALL CAPS, all lowercase without
  punctuation or apostrophes, "Thankyou", trailing dots, one letter-swap typo). Standard
  library only.

``python benchmarks/_turns_corpus_aa.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, "str | None"]
Builder = Callable[[random.Random], Case]


@dataclass(frozen=True)
class Task:
    """One piece of personal admin the person asked the assistant to do."""

    ask: str
    nicks: tuple[str, ...]
    details: tuple[str, ...]
    do: tuple[str, ...]
    ctx: tuple[str, ...]
    q: tuple[str, ...]
    replies: tuple[str, ...]


_TASKS: tuple[Task, ...] = (
    Task(
        ask="Could you help me fill in my self assessment tax return for 2023-24? There's the rent from the flat in Leamington and my two pensions.",
        nicks=("the tax return", "the self assessment", "the HMRC return"),
        details=("the rent from the Leamington flat", "the tax form with both pensions on it"),
        do=(
            "help me with my self assessment tax return for last year",
            "sort out the tax return with the Leamington rent on it",
        ),
        ctx=(
            "A letter from HMRC came this morning reminding me the self assessment is due on the 31st of January, and I haven't so much as looked at it.",
        ),
        q=("Do you know how I put the rent from the Leamington flat on a self assessment?",),
        replies=(
            "The letting agent, Hartley & Moss, took 12% of the rent. Is that something I can take off?",
            "Yes, both pensions were taxed before I got them, it says so on the P60s.",
            "The tenant STOPPED paying in February for two months, so the rent was only £7,800 for the year, not £9,600.",
            "Sorry, I've just found the receipt for the new boiler in the flat, £2,140. Does that go in as a repair?",
            "My UTR number is 48213 07756 if you need it, it was on the old letter.",
        ),
    ),
    Task(
        ask="My tax code on the Aviva pension says 1257L M1 and I'm sure it's wrong. Can you help me write to HMRC about it?",
        nicks=(
            "the tax code letter",
            "the Aviva tax code business",
            "the letter to HMRC about my code",
        ),
        details=("the 1257L M1 code", "the emergency tax on the Aviva pension"),
        do=(
            "write to HMRC about the wrong tax code on my Aviva pension",
            "help me get my emergency tax code put right",
        ),
        ctx=(
            "My Aviva pension slip came and they've taken £186 in tax this month when it's normally about forty pounds, and the code says 1257L M1.",
        ),
        q=("Why would they put me on an emergency tax code, and how do I get it changed?",),
        replies=(
            "My National Insurance number is YB 44 72 19 C, I've checked it twice.",
            "The Aviva payroll reference is AV/PEN/0087721 if that helps.",
            "Could you make the letter a bit firmer? I've been on hold to them three times and got nowhere.",
            "The code changed when the old works pension stopped in April, does that matter?",
            "That's a lovely letter. Should I send it recorded delivery?",
        ),
    ),
    Task(
        ask="Could you help me work out whether it's worth deferring my State Pension? I turn 66 on the 4th of May.",
        nicks=("the State Pension question", "the deferring business", "the pension sums"),
        details=("putting off my State Pension", "the figures for deferring"),
        do=(
            "work out whether I should defer my State Pension",
            "look at whether deferring my State Pension makes sense for me",
        ),
        ctx=(
            "The Pension Service have written to say my State Pension starts on the 4th of May unless I tell them I want to put it off.",
        ),
        q=("Is it worth putting off the State Pension for a year or two, do you think?",),
        replies=(
            "My forecast says £221.20 a week, if that's what you needed.",
            "I'm still doing three days a week at the garden centre, so I don't need the money straight away.",
            "If I defer and then change my mind, can I start it up any time or only on certain dates?",
            "My sister deferred hers and regretted it, so please be honest with me about the downsides.",
            "What happens to the extra if I die before I claim it? Morbid, I know.",
        ),
    ),
    Task(
        ask="I had a pension from when I worked at Boots in Nottingham from 1978 to 1991. Could you help me track it down?",
        nicks=("the Boots pension", "the old pension hunt", "tracking down my Boots pension"),
        details=("the pension from my Boots years", "the old job in Nottingham"),
        do=("help me find my old Boots pension", "trace the pension from my job at Boots"),
        ctx=(
            "I was clearing the spare room and found an old payslip from Boots, 1987, with pension deductions on it, and I've never had a penny from it.",
        ),
        q=("How would I go about finding a pension from a job I left in 1991?",),
        replies=(
            "My payroll number was 0041187, it's on the old payslip.",
            "I was Margaret Hollis then, I married in 1989, so it might be under my maiden name.",
            "I was in the dispensary first, then at the head office in Beeston from 1985.",
            "The Pension Tracing Service gave me a phone number but it just rings and rings.",
            "I might have transferred it when I switched jobs, but I honestly can't remember. Can we check that first?",
        ),
    ),
    Task(
        ask="Can you help me put in a claim with Direct Line for the bump in the Tesco car park? The reference is DL-884213.",
        nicks=("the car insurance claim", "the Direct Line claim", "the Tesco car park business"),
        details=("the dent from the Tesco car park", "claim DL-884213"),
        do=(
            "help me with the Direct Line claim for the car park bump",
            "put in the insurance claim for the dent in my car",
        ),
        ctx=(
            "Someone reversed into my car in the Tesco car park on Saturday and left a note with their number, and now the back door won't shut properly.",
        ),
        q=("What do I have to do to claim on my car insurance for a bump like that?",),
        replies=(
            "The other driver's name is Mr Darren Fry and his registration is KX19 TLV.",
            "It happened at about twenty past eleven, near the trolley bay by the petrol station.",
            "I have photos on my phone but I don't know how to get them onto here.",
            "The garage, Brook Motors, says £640 to fix it. Should I mention that?",
            "Direct Line asked whether I'd rather cancel the claim and pay it myself to protect my no-claims. Which would you do?",
        ),
    ),
    Task(
        ask="Please help me claim on the house insurance for the water damage from the burst pipe under the kitchen sink.",
        nicks=("the burst pipe claim", "the kitchen claim", "the house insurance claim"),
        details=("the water damage in the kitchen", "the LV claim for the sink"),
        do=(
            "help me claim on the house insurance for the kitchen flood",
            "sort out the insurance claim for the burst pipe",
        ),
        ctx=(
            "We came home from Karen's on Sunday and the kitchen floor was under water. A pipe had burst under the sink and the cupboards are ruined.",
        ),
        q=("Will the house insurance pay for new kitchen cupboards, and how do I claim?",),
        replies=(
            "The plumber was Gary Bell, he charged £185 for the call-out and he's given me a receipt.",
            "The policy number is HH-20931, it's with LV.",
            "The loss adjuster is coming on Thursday. Should I switch the dehumidifier off before he arrives so he sees how bad it was?",
            "Only the two base units and the lino, the oven is fine.",
            "They want a list of everything with prices, can you put it in a table for me?",
        ),
    ),
    Task(
        ask="Could you help me claim back the £1,860 for the Madeira holiday we had to cancel when Ron went into hospital?",
        nicks=("the Madeira claim", "the travel insurance claim", "the holiday claim"),
        details=("the £1,860 for Madeira", "the holiday we lost"),
        do=(
            "help me claim for the Madeira holiday on the travel insurance",
            "do the travel insurance claim for the holiday we cancelled",
        ),
        ctx=(
            "We had to cancel our holiday to Madeira in October when Ron was taken into hospital, and Jet2 say they won't refund anything.",
        ),
        q=("Can we get the Madeira money back on the travel insurance, do you think?",),
        replies=(
            "We cancelled on the 2nd of October and we were due to fly on the 9th.",
            "The insurer is Staysure and the policy is SS-7740129.",
            "Dr Lindqvist at the hospital can do a letter but he charges £25.",
            "Jet2 did give us back the £60 airport parking, so take that off.",
            "Do they need the reason we cancelled in detail? Ron doesn't want everyone knowing his business.",
        ),
    ),
    Task(
        ask="Can you help me make sense of Mum's invoice from Rosewood Lodge? It's gone up to £1,245 a week and I don't understand the extras.",
        nicks=("Mum's care home bill", "the Rosewood invoice", "the care home fees"),
        details=("the £1,245 a week", "the extras on Mum's bill"),
        do=(
            "go through Mum's care home invoice with me",
            "help me understand the Rosewood Lodge bill",
        ),
        ctx=(
            "Rosewood Lodge have sent Mum's invoice and it's gone up to £1,245 a week, and there are extras for hairdressing and 'enhanced activities' I've never heard of.",
        ),
        q=("Are care homes allowed to put the fees up like that without asking the family?",),
        replies=(
            "The contract says increases are once a year in April, and this one is from January.",
            "Mum's hairdresser comes fortnightly, so £36 a month sounds about right. The rest I don't know.",
            "The council pays part of it, about £720, through the adult social care team.",
            "Could you put the questions in a list I can take to the manager, Mrs Adebayo?",
            "They said if I dispute it they'll put the extras on hold until it's sorted. Is that good or bad for Mum?",
        ),
    ),
    Task(
        ask="I'd like to write a complaint to Rosewood Lodge about Mum's hearing aids going missing for the third time.",
        nicks=(
            "the complaint to Rosewood",
            "the hearing aid letter",
            "the letter about Mum's hearing aids",
        ),
        details=("Mum's missing hearing aids", "the complaint to the manager"),
        do=(
            "write a complaint to the care home about Mum's hearing aids",
            "draft the letter about Mum's lost hearing aids",
        ),
        ctx=(
            "I went to see Mum yesterday and her hearing aids have gone missing again, the third time since Christmas, and she couldn't hear a word I said.",
        ),
        q=("Should I put something in writing to the care home about it, and what would I say?",),
        replies=(
            "The replacements from Audiology cost £95 last time, and that came out of Mum's money.",
            "Don't make it too angry, the day carers are lovely, it's the night staff.",
            "Could you add that I asked in November for them to be put in the pot by her bed at night?",
            "The manager is Mrs Funmi Adebayo.",
            "Should I copy in the Care Quality Commission, or is that going too far?",
        ),
    ),
    Task(
        ask="Could you help me fill in the Attendance Allowance form for my husband Gerald? It's 31 pages.",
        nicks=("Gerald's Attendance Allowance", "the AA form", "the big form for Gerald"),
        details=("the 31-page form", "the Attendance Allowance questions"),
        do=(
            "help me with Gerald's Attendance Allowance form",
            "go through the Attendance Allowance form for Gerald with me",
        ),
        ctx=(
            "The district nurse said Gerald should be getting Attendance Allowance now that he can't manage the stairs, and she left me a form as thick as a phone book.",
        ),
        q=("Is Gerald entitled to Attendance Allowance, and how do we claim it?",),
        replies=(
            "He needs help getting dressed every morning and he's had two falls since August.",
            "His GP is Dr Mensah at Castle Surgery.",
            "Page 14 asks about 'supervision at night'. He wakes about three times, is that what they mean?",
            "Please don't make him sound better than he is, he always tells people he's fine.",
            "For the medicines page: Amlodipine 5mg, Bisoprolol 2.5mg and a water tablet, I'll check the name of that one.",
        ),
    ),
    Task(
        ask="Help me apply for a Blue Badge from Shropshire Council, please. My knees are getting worse.",
        nicks=("the Blue Badge", "the parking badge application", "the badge form"),
        details=("the Blue Badge for my knees", "the council parking badge"),
        do=("help me apply for a Blue Badge", "help me with the Blue Badge application"),
        ctx=(
            "I couldn't get a space near the door at the surgery again today and had to walk from the far end with my stick, and my knees were screaming.",
        ),
        q=("Would I qualify for one of those Blue Badges, and how would I get one?",),
        replies=(
            "I can walk about fifty yards before I have to stop and rest.",
            "I don't have a passport photo but the chemist does them for £8.",
            "They don't need my registration, do they? The badge goes with me, not the car?",
            "I get the higher rate of PIP for mobility, if that's relevant.",
            "They want proof of address. Will a council tax bill do?",
        ),
    ),
    Task(
        ask="Could you help me find my grandfather Albert Pennock's First World War army record? He was in the Sherwood Foresters.",
        nicks=("Grandad Albert's war record", "the Sherwood Foresters search", "the army records"),
        details=("Albert Pennock", "Grandad in the Sherwood Foresters"),
        do=(
            "look for my grandfather's First World War record",
            "find what you can about Albert Pennock in the Sherwood Foresters",
        ),
        ctx=(
            "My cousin sent me a photo of Grandad Albert in uniform with 'Sherwood Foresters 1916' on the back, and none of us know anything about what he did in the war.",
        ),
        q=("Where would I look for a soldier's records from 1916?",),
        replies=(
            "His service number might be 24718, it's written on the back of the photo in pencil.",
            "He was born in Mansfield in 1896 and his father was a miner.",
            "Mum always said he was gassed at Ypres but she was never sure.",
            "I have a subscription to Ancestry if that's any use, my grandson set it up.",
            "He went back down the pit after the war and never talked about it.",
        ),
    ),
    Task(
        ask="I'm trying to find the baptism of my great-grandmother Bridget Hanlon, born somewhere in County Mayo around 1868. Can you help?",
        nicks=("the Bridget Hanlon search", "the Mayo records", "the Irish side"),
        details=("great-grandmother Bridget", "the baptism in Mayo"),
        do=(
            "help me find Bridget Hanlon's baptism in Mayo",
            "look for my great-grandmother's Irish baptism record",
        ),
        ctx=(
            "My cousin in Boston has been doing the Irish side of the family and says our great-grandmother Bridget Hanlon was from Mayo, but nobody has ever found her baptism.",
        ),
        q=("How do you find an Irish baptism from the 1860s?",),
        replies=(
            "Her father was possibly Patrick Hanlon, a labourer, and her mother Mary, maiden name Walsh or Welsh.",
            "The parish might be Kiltimagh, or it might be Aghamore, the family story changes every time.",
            "She came over to Liverpool about 1887 and married at St Anthony's on Scotland Road.",
            "Try the spelling Handlon too, the priest wrote it like that on her marriage.",
            "I don't mind paying for the records if we need to.",
        ),
    ),
    Task(
        ask="Please help me write up the Whitcombe family history for the cousins' reunion in August. About ten pages with photos.",
        nicks=("the family history booklet", "the Whitcombe write-up", "the reunion booklet"),
        details=("the Whitcombe booklet", "the booklet for the cousins"),
        do=(
            "help me write the Whitcombe family history booklet",
            "put together the family history for the reunion",
        ),
        ctx=(
            "Cousin Pamela has booked the function room at the Red Lion for the Whitcombe reunion in August and volunteered me to bring 'a little history of the family'.",
        ),
        q=(
            "How would you lay out a short family history for people who aren't interested in dates?",
        ),
        replies=(
            "Start with great-great-grandfather Josiah, the one who had the bakery in Frome.",
            "Leave out Uncle Cyril and the business with the Post Office, Pamela will be upset.",
            "The photos are in a biscuit tin, I'll get Oliver to scan them.",
            "Can the print be big? Half the cousins are over eighty.",
            "Aunt Vera emigrated to Canada in 1952 and came back in 1960, that's a nice story for the middle.",
        ),
    ),
    Task(
        ask="Can you help me with the planning application for a conservatory at 12 Orchard Close? The council reference is PA/24/0917.",
        nicks=("the conservatory application", "the planning application", "PA/24/0917"),
        details=("the conservatory", "the planning form for Orchard Close"),
        do=(
            "help me with the planning application for the conservatory",
            "sort out the conservatory planning form",
        ),
        ctx=(
            "The builder says we need planning permission for the conservatory because it goes more than three metres out, and the council website has defeated me.",
        ),
        q=("Do we really need planning permission for a conservatory, and how do we apply?",),
        replies=(
            "It's 3.6 metres deep and 4.2 wide, along the back of the house.",
            "The neighbours at number 14 have already said they don't mind.",
            "The planning officer is Ms Kaur, she asked for a block plan.",
            "Could we make it smaller instead so we don't need permission at all?",
            "The fee is £258 I think, is that right?",
        ),
    ),
    Task(
        ask="Help me apply to the council for a dropped kerb outside 7 Hazel Grove so I can park on the drive.",
        nicks=("the dropped kerb", "the kerb application", "the driveway business"),
        details=("the dropped kerb at Hazel Grove", "the kerb for the drive"),
        do=(
            "help me apply for a dropped kerb outside the house",
            "help me with the dropped kerb application",
        ),
        ctx=(
            "A traffic warden left a note saying I can't drive over the pavement onto my drive without a proper dropped kerb, and I've been doing it for years.",
        ),
        q=("How do I get the council to lower the kerb outside my house?",),
        replies=(
            "The drive is about five metres wide, tarmac.",
            "There's a lamp post near the left-hand corner, does that matter?",
            "My son-in-law says the contractor has to be approved by the council, is that true?",
            "The council said applications are paused over Christmas, so it might not be looked at until January. That's fine, we'll still send it.",
            "Can you find out the fee before we fill in the rest?",
        ),
    ),
    Task(
        ask="I need to ask the council for permission to cut back the oak in the front garden. It has a Tree Preservation Order on it.",
        nicks=("the oak tree", "the TPO application", "the tree business"),
        details=("the oak in the front garden", "the Tree Preservation Order"),
        do=(
            "help me apply to cut back the protected oak",
            "ask the council about pruning the oak with the preservation order",
        ),
        ctx=(
            "The oak in the front garden is scraping the bedroom window now, and my tree surgeon won't touch it because of the preservation order.",
        ),
        q=("Who do I ask for permission to prune a protected tree?",),
        replies=(
            "The tree surgeon is Mr Dobbs from Ash & Elm Tree Care, he said about a third off the crown.",
            "The number on the old letter is TPO/112/1987.",
            "It's the branch over the garage that worries me most.",
            "Do I need a photo of the whole tree or just the bit we want cut back?",
            "Bill next door says we should just do it and say nothing, but I'd rather do it properly.",
        ),
    ),
    Task(
        ask="Can you help me get a skip permit for outside Mum's house on Elm Road for the clearance?",
        nicks=("the skip permit", "the skip", "the Elm Road permit"),
        details=("the skip for Mum's house", "the permit for Elm Road"),
        do=("get a skip permit for Elm Road", "sort out the skip permit for Mum's house"),
        ctx=(
            "We've started clearing Mum's house on Elm Road and the skip company says the skip will have to go on the road because there's no drive.",
        ),
        q=("Do we need a permit to put a skip on the road?",),
        replies=(
            "The skip company is Hanley Skips, they said an 8-yard one.",
            "We'd want it from the 3rd to the 17th of next month.",
            "Hanley say they can pause the delivery until the permit comes through, so no rush.",
            "Does it need lights on it at night? Someone said it does.",
            "The road is a bus route, will that be a problem?",
        ),
    ),
    Task(
        ask="Please help me write an advert to sell my 2012 Honda Jazz. Silver, 41,000 miles, one owner.",
        nicks=("the car advert", "selling the Honda", "the Jazz"),
        details=("the Honda Jazz advert", "the silver Jazz"),
        do=("write an advert for my Honda Jazz", "help me sell the Honda"),
        ctx=(
            "My eyes aren't good enough to drive any more, so the Honda Jazz is just sitting on the drive, and it seems such a waste.",
        ),
        q=(
            "How much should I ask for a 2012 Honda Jazz, and where do people advertise cars these days?",
        ),
        replies=(
            "It has a full service history, always at Fordham Honda, and an MOT until September.",
            "There's a small scratch on the rear bumper, I suppose we should be honest.",
            "Put that I won't take cheques, only a bank transfer. My neighbour was done that way.",
            "My nephew says put £4,500 and be prepared to come down.",
            "Should I say in the advert that it was off the road for a few months while I was poorly, or would that put people off?",
        ),
    ),
    Task(
        ask="I've lost the V5C logbook for the Honda. Can you help me get a new one from the DVLA?",
        nicks=("the logbook", "the V5C", "the DVLA form"),
        details=("the lost logbook", "the replacement V5C"),
        do=("help me get a replacement V5C from the DVLA", "sort out a new logbook for the Honda"),
        ctx=(
            "I've turned the house upside down and the logbook for the Honda is nowhere to be found.",
        ),
        q=("What do I do if I've lost my car's logbook?",),
        replies=(
            "The registration is LR12 HDJ.",
            "I found the old MOT certificate but not the logbook.",
            "Is the £25 the same whether I do it by phone or by post?",
            "My address changed in 2019, I think I told them, but I'm not certain.",
            "Karen says if I'm selling it I can give the buyer the green slip instead, is that right?",
        ),
    ),
    Task(
        ask="Could you help me book a blood test at Abbey Road Surgery before my appointment with Dr Okafor on the 19th?",
        nicks=("the blood test", "booking the blood test", "the surgery booking"),
        details=("the blood test before Dr Okafor", "the appointment on the 19th"),
        do=(
            "book me a blood test at the surgery",
            "help me get a blood test booked before the 19th",
        ),
        ctx=(
            "Dr Okafor's receptionist rang to say I need a fasting blood test before my appointment on the 19th or they'll have to rebook it.",
        ),
        q=("How do I book a blood test at the surgery without ringing at eight in the morning?",),
        replies=(
            "It has to be fasting, so early morning please, not after ten.",
            "My NHS number is 485 777 3456.",
            "Tuesdays are no good, that's when I take Gerald to the day centre.",
            "If there's nothing before the 19th, should I move Dr Okafor back a week?",
            "The app says 'no appointments available'. Does that mean I have to phone?",
        ),
    ),
    Task(
        ask="Please help me write to the hospital about my hip operation. It's been moved twice and I've had no new date.",
        nicks=("the hip letter", "the letter to the hospital", "the operation business"),
        details=("my hip operation date", "the letter to Mr Hargreaves's secretary"),
        do=(
            "write to the hospital about my hip operation date",
            "help me chase up my hip operation",
        ),
        ctx=(
            "The hospital cancelled my hip operation again yesterday, that's the second time, and nobody can tell me when it will be.",
        ),
        q=("Who should I write to at the hospital to get a date for my hip?",),
        replies=(
            "The consultant is Mr Hargreaves, orthopaedics, at the Royal Shrewsbury.",
            "The first date was the 12th of March and it was cancelled the day before.",
            "My hospital number is RSH0049172.",
            "I don't want it to sound like I'm complaining about the nurses, they're run off their feet.",
            "Could you mention that I'm the carer for my husband and need notice to arrange cover?",
        ),
    ),
    Task(
        ask="Can you help me set up repeat prescriptions on the NHS app for my blood pressure tablets?",
        nicks=("the NHS app", "the repeat prescriptions", "the tablets on the app"),
        details=("my blood pressure tablets", "the app for prescriptions"),
        do=(
            "help me set up my repeat prescriptions on the NHS app",
            "get my tablets onto the NHS app",
        ),
        ctx=(
            "The chemist says they're stopping the paper repeat slips and I'll have to order my blood pressure tablets on the NHS app from next month.",
        ),
        q=("How do I order my tablets on the NHS app?",),
        replies=(
            "I've downloaded the app but it wants a photo of my face and my passport.",
            "The tablets are Ramipril 5mg and Amlodipine 10mg.",
            "My chemist is Wells Pharmacy on the High Street.",
            "It keeps asking for a code it's texted, but my phone is in the other room... got it, 448213.",
            "One of the tablets was stopped by the doctor in June, the Atenolol, so don't put that one on.",
        ),
    ),
    Task(
        ask="Can you help me put together the St Aidan's parish newsletter for March? Four pages as usual.",
        nicks=("the newsletter", "the St Aidan's newsletter", "the March newsletter"),
        details=("the March newsletter", "Father Michael's newsletter"),
        do=(
            "help me put the St Aidan's newsletter together",
            "lay out the parish newsletter for March",
        ),
        ctx=(
            "Father Michael has just told me Sylvia can't do the parish newsletter any more because of her eyes, and it has to be at the printers by Thursday.",
        ),
        q=("How would you lay out a four-page church newsletter?",),
        replies=(
            "Father Michael's letter goes on the front page, it's about Lent.",
            "The Lent lunches are cancelled this year, please put a short notice on page two.",
            "The Mothers' Union notices are in the email from Doreen.",
            "Can you leave a space for the crossword? Mr Ellis does it every month.",
            "Put 'Please switch off mobile phones during services' in the notices, there were two going off last week.",
        ),
    ),
    Task(
        ask="Could you make the flower rota for St Aidan's for April to June? There are eleven ladies on the list.",
        nicks=("the flower rota", "the rota", "the flower ladies' list"),
        details=("the rota for April to June", "the flower arranging rota"),
        do=(
            "draw up the church flower rota for the next quarter",
            "do the flower rota for April to June",
        ),
        ctx=(
            "Joan who did the flower rota has moved to her daughter's in Devon and nobody has done the list for April onwards.",
        ),
        q=("What's the fairest way to share out a flower rota among eleven people?",),
        replies=(
            "Mrs Pryce can't do Easter week, she's away in Tenby.",
            "Put the Fowler sisters together, they always do it together.",
            "Whitsun needs two people, it's a big one.",
            "Can we swap Barbara and Eileen in May? Barbara's having her cataract done.",
            "Leave a gap on the 21st of April, there's a wedding and the bride's family are doing it.",
        ),
    ),
    Task(
        ask="Please draft a letter asking for donations for the St Aidan's roof appeal. We need £18,000 by the autumn.",
        nicks=("the roof appeal letter", "the appeal", "the fundraising letter"),
        details=("the £18,000 for the roof", "the roof appeal"),
        do=(
            "draft the roof appeal letter",
            "write the letter asking people to give to the church roof",
        ),
        ctx=(
            "The architect's report came in and the church roof needs £18,000 of work before winter, and the PCC want a letter to go round the village.",
        ),
        q=("How do you write a fundraising letter that doesn't sound like begging?",),
        replies=(
            "We've raised £6,250 already, mostly from the Christmas fair.",
            "Mention Gift Aid, it adds 25% if they're taxpayers.",
            "Lead was stolen off the roof in 2021, that's what started all this.",
            "Father Michael wants it to sound hopeful, not desperate.",
            "Donations can go to the treasurer, Mr Clive Ambrose, or through the card reader at the back of church.",
        ),
    ),
    Task(
        ask="Please could you type up the minutes from Tuesday's Fernbrook Garden Club committee meeting from my notes?",
        nicks=("the minutes", "the committee minutes", "the garden club minutes"),
        details=("Tuesday's minutes", "my notes from the committee"),
        do=(
            "type up the garden club minutes from my notes",
            "write up the committee meeting minutes",
        ),
        ctx=(
            "Our secretary Brian is in hospital and I've been left with a page of scribbles from Tuesday's committee meeting that need to be proper minutes by Friday.",
        ),
        q=("How do you turn scribbled notes into proper minutes?",),
        replies=(
            "Apologies were received from Brian and Mrs Okoro.",
            "Item 4 was the coach trip to Hidcote, £28 a head, agreed.",
            "The bit where Ken and Maureen argued about the compost bins can just say 'discussion followed'.",
            "Under any other business: the hall heating is to be switched off at nine from now on.",
            "Next meeting is the 14th at 7.30 in the scout hut.",
        ),
    ),
    Task(
        ask="Help me do the schedule of classes for the Fernbrook Garden Club summer show on the 20th of July.",
        nicks=("the show schedule", "the summer show classes", "the schedule"),
        details=("the summer show", "the list of classes"),
        do=("do the schedule for the summer show", "put together the classes for the summer show"),
        ctx=(
            "The committee have asked me to do the summer show schedule this year and I have no idea where the old one went.",
        ),
        q=("What classes do you normally have in a village flower show schedule?",),
        replies=(
            "We always have three onions on a plate, the longest runner bean and the heaviest marrow.",
            "Add a children's class for an animal made from vegetables, that's very popular.",
            "Entries must be in by 9.30 and judging starts at 10.",
            "Prize money is 50p, 30p and 20p. It's always been that, don't change it.",
            "Put 'Class 12 is withdrawn this year', nobody entered the pot leeks last time.",
        ),
    ),
    Task(
        ask="Can you check the garden club accounts for me? The bank says £2,314.60 but my cash book says £2,389.10.",
        nicks=("the club accounts", "the books", "the garden club money"),
        details=("the £74.50 that doesn't add up", "the cash book"),
        do=(
            "help me find the difference in the garden club accounts",
            "check the club's books for me",
        ),
        ctx=(
            "The bank statement for the garden club came and it's £74.50 less than my cash book, and the AGM is in three weeks.",
        ),
        q=("How do I find a £74.50 difference in a cash book?",),
        replies=(
            "There's a cheque to the scout hut for £45 that I don't think has gone through yet.",
            "The raffle money was paid in on the 3rd, £62.",
            "Could it be bank charges? They started charging clubs last year.",
            "I've typed the whole list of payments below, sorry it's long.",
            "The cheque for the coach firm, £120, was cancelled and written out again, maybe I've counted it twice.",
        ),
    ),
    Task(
        ask="Could you help me dispute the gas bill from Octopus? They've estimated £612 for the quarter and we're hardly ever in.",
        nicks=("the gas bill", "the Octopus complaint", "the estimated bill"),
        details=("the £612 estimate", "the Octopus bill"),
        do=("help me challenge the estimated gas bill", "write to Octopus about the gas bill"),
        ctx=(
            "Octopus have sent a gas bill for £612 for the quarter, estimated, and we were in Lanzarote for five weeks of it with the heating off.",
        ),
        q=("Can they estimate a bill that high, and how do I argue with it?",),
        replies=(
            "I've just read the meter, it's 04417, and I took a photo.",
            "The account number is A-7C29F0E1.",
            "The heating was switched off from the 2nd of February to the 9th of March while we were away.",
            "Should I stop the direct debit while we argue about it, or would that cause trouble?",
            "The last time they had a real reading was September.",
        ),
    ),
    Task(
        ask="Help me apply for the single person discount on my council tax, now that Ron has passed.",
        nicks=("the council tax discount", "the single person discount", "the council tax form"),
        details=("the 25% off the council tax", "the council tax now I'm on my own"),
        do=(
            "apply for the single person discount on my council tax",
            "sort out the council tax now I'm on my own",
        ),
        ctx=(
            "The council tax bill has come with both our names on it still, and my neighbour says I should be getting a quarter off now I live alone.",
        ),
        q=("Can I get money off the council tax now I'm on my own?",),
        replies=(
            "My council tax account number is 60041873.",
            "Ron passed on the 14th of November.",
            "Do I need to send the death certificate or just the reference number?",
            "Our grandson stays some weekends, does that count as living here?",
            "Can they backdate it to November?",
        ),
    ),
    Task(
        ask="Can you help me fill in the Lasting Power of Attorney forms so my daughter Karen can help with my money?",
        nicks=("the power of attorney", "the LPA forms", "Karen's forms"),
        details=("the forms for Karen", "the Lasting Power of Attorney"),
        do=(
            "help me with the Lasting Power of Attorney for Karen",
            "fill in the power of attorney forms with me",
        ),
        ctx=(
            "After my funny turn in the bank last month, Karen thinks we ought to get a power of attorney sorted while I've still got my marbles.",
        ),
        q=("How does a power of attorney work, and do I need a solicitor for it?",),
        replies=(
            "Karen's full name is Karen Louise Whitfield, born 3rd of June 1971.",
            "I'd like my son Paul as a second attorney but he lives in Dubai, is that allowed?",
            "Could Dr Mensah be the certificate provider, or is that not allowed?",
            "I want Karen to be able to use it straight away, not only if I lose my marbles.",
            "The fee is £82 a form? Isn't there a reduction for pensioners?",
        ),
    ),
    Task(
        ask="Could you help me with the probate forms for my brother Dennis's estate? I'm the executor.",
        nicks=("Dennis's probate", "the probate forms", "the estate paperwork"),
        details=("Dennis's estate", "the executor forms"),
        do=("help me with the probate for Dennis", "go through the probate application with me"),
        ctx=(
            "The solicitor wrote to say that as Dennis's executor I can apply for probate myself or pay them £3,000 to do it.",
        ),
        q=("How does a person apply for probate without a solicitor?",),
        replies=(
            "The estate is the bungalow, worth about £210,000, and £14,000 in the Nationwide.",
            "He died on the 2nd of February at Bassetlaw Hospital.",
            "There's no inheritance tax to pay I don't think, it's under the threshold.",
            "The will is dated 2016 and leaves everything split between me and our sister Hilda.",
            "The bank have put a stop on his account. That's normal, isn't it?",
        ),
    ),
    Task(
        ask="Help me renew my bus pass please, it runs out on the 30th.",
        nicks=("the bus pass", "the bus pass renewal", "my pass"),
        details=("the bus pass that runs out on the 30th", "my bus pass"),
        do=("help me renew my bus pass", "sort out my bus pass renewal"),
        ctx=(
            "I've just noticed my bus pass runs out on the 30th, and I use it every day to get to the library.",
        ),
        q=("How do I renew an older person's bus pass?",),
        replies=(
            "The pass number is 6337 0021 8845.",
            "Do they need a new photo? I've had my hair cut short since.",
            "The library does renewals on Wednesday mornings, can I do it there instead of online?",
            "I live in Telford, so it's Telford and Wrekin Council.",
            "What happens if it runs out before the new one comes? Can I still use the old one?",
        ),
    ),
    Task(
        ask="Could you check whether this text from 'Royal Mail' asking for a £1.45 redelivery fee is genuine?",
        nicks=("the Royal Mail text", "the text message", "the redelivery text"),
        details=("the £1.45 text", "the Royal Mail message"),
        do=(
            "check whether a Royal Mail text I've had is a scam",
            "look at a text asking me for a redelivery fee",
        ),
        ctx=(
            "I've had a text saying Royal Mail couldn't deliver a parcel and I need to pay £1.45 to rebook, but I'm not expecting anything.",
        ),
        q=("Is a text asking for a redelivery fee likely to be real?",),
        replies=(
            "The link is royalmail-redelivery-uk.com, it looked very official.",
            "I haven't clicked it, Karen told me never to click.",
            "How do I block the number? It's 07700 900461.",
            "Should I report it to someone?",
            "My friend Betty paid one of these and had to cancel her card, that's why I'm checking.",
        ),
    ),
)

# --- shared slot pools -------------------------------------------------------------------

_GREET = (
    "",
    "",
    "",
    "",
    "Good morning. ",
    "Hello again, ",
    "Hello dear, ",
    "Hi. ",
    "Good afternoon,\n\n",
    "Dear Assistant,\n\n",
    "Morning! ",
    "Hello, it's me again. ",
    "Good evening. ",
    "Hello there. ",
)
_SIGN = (
    "",
    "",
    "",
    "",
    "\n\nKind regards,\nMargaret",
    "\n\nMany thanks, Derek",
    " Thank you. Joan",
    "\n\nBest wishes\nPat (Mrs)",
    "\n\nRegards, Brian Tolley",
    " x",
    "\n\nGod bless,\nEileen",
    "\n\nYours, Harold",
    "\n\nWarm regards, Sheila",
    "\n\nThanks again\nValerie",
)
_NAME = ("Mrs M. Hollis", "D. Whitfield", "Harold Pennock", "Mrs E. Ambrose", "Sheila Dobbs")
_THANKS = (
    "Thank you so much for your help so far.",
    "You've been ever so patient with me.",
    "Thank you, that was very clear.",
    "Thanks ever so much.",
    "I'm very grateful, truly.",
    "What would I do without you.",
    "Thank you for explaining it so nicely.",
)
_ASIDE = (
    "My granddaughter Chloe set this up for me, so forgive me if I do it wrong.",
    "We've had the grandchildren all weekend, so I'm a bit behind with everything.",
    "It's been pouring here all morning and the dog refuses to go out.",
    "I'm typing this on the tablet in the conservatory, so excuse the spelling.",
    "Gerald sends his regards, he's having his nap.",
    "I had my flu jab yesterday and my arm is still sore, so I'm typing with one finger.",
    "Sorry for the delay in replying, I've been at the chiropodist.",
    "The cat has just walked across the keyboard, so if anything odd appears, that was him.",
    "I've just come back from the WI and my head is still full of jam.",
    "My daughter rang from Spain last night, they're all well, the baby has a tooth.",
)
_ANS = (
    "Yes, that's right.",
    "No, I don't think so.",
    "Yes, the one ending 4471.",
    "It was the 14th, I've checked on the calendar.",
    "No, I haven't got an email address for them, only a phone number.",
    "Yes, please use the home address.",
    "About three years ago, but don't quote me.",
    "Yes, I've got that in front of me now.",
    "No, nothing like that.",
    "Both, I think.",
    "I'd rather not give my mobile number, the landline is fine.",
    "Yes, Gerald agrees.",
    "To answer your question, yes, I have the original.",
)
_OK = (
    "Right.",
    "Lovely, thank you.",
    "Oh, that's marvellous.",
    "Right you are.",
    "Well I never.",
    "Thank you dear.",
    "OK.",
    "Splendid.",
    "I see.",
    "Goodness.",
)
_WHO = (
    "my son Paul",
    "our Karen",
    "the man at Citizens Advice",
    "the lady from Age UK",
    "my nephew Stuart",
    "my neighbour Trevor",
    "Gerald's niece Alison",
)
_UNTIL = (
    "after Easter",
    "next week",
    "the new year",
    "Karen's back from Lanzarote",
    "I've had my cataract done",
    "after the funeral",
    "the weather warms up",
)
_WHEN = (
    "after Easter",
    "next week",
    "in the new year",
    "when Karen's back from Lanzarote",
    "once I've had my cataract done",
    "after the funeral",
    "in the spring",
)
_EVENT = (
    "Karen has just rung from Spain and she's coming home early.",
    "The doctor's surgery has just rung about Gerald.",
    "We've had a call from the care home about Mum.",
    "My sister has been taken into hospital.",
    "The grandchildren have just arrived, all four of them.",
    "There's a man at the door about the guttering.",
    "Gerald's had a little fall, nothing broken, but I'm all of a dither.",
)
_BEFORE = (
    "before the phone rang",
    "before all that business",
    "before we got side-tracked",
    "before my daughter's call",
    "on Tuesday",
    "before lunch",
    "yesterday",
)
_DAY = ("Monday", "Tuesday", "Friday", "the weekend", "Wednesday")

_LOWER_OK = frozenset(
    [
        "a",
        "the",
        "my",
        "we",
        "someone",
        "our",
        "after",
        "is",
        "how",
        "do",
        "can",
        "could",
        "what",
        "who",
        "where",
        "will",
        "would",
        "are",
        "should",
        "why",
    ]
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _low(s: str) -> str:
    first = s.split(" ", 1)[0]
    if first.lower() in _LOWER_OK and first[:1].isupper():
        return s[:1].lower() + s[1:]
    return s


def _task_slots(prefix: str, task: Task, rng: random.Random) -> dict[str, str]:
    nick = rng.choice(task.nicks)
    q = rng.choice(task.q)
    ctx = rng.choice(task.ctx)
    return {
        prefix: nick,
        _cap(prefix): _cap(nick),
        f"{prefix}_d": rng.choice(task.details),
        f"{prefix}_do": rng.choice(task.do),
        f"{prefix}_q": q,
        f"{prefix}_q_l": _low(q),
        f"{prefix}_ctx": ctx,
        f"{prefix}_ctx_l": _low(ctx),
    }


def _common_slots(rng: random.Random) -> dict[str, str]:
    who = rng.choice(_WHO)
    ans = rng.choice(_ANS)
    event = rng.choice(_EVENT)
    return {
        "greet": rng.choice(_GREET),
        "sign": rng.choice(_SIGN),
        "name": rng.choice(_NAME),
        "thanks": rng.choice(_THANKS),
        "aside": rng.choice(_ASIDE),
        "ans": ans,
        "ans_l": _low(ans) if not ans.startswith(("Yes", "No")) else ans[:1].lower() + ans[1:],
        "ok": rng.choice(_OK),
        "who": who,
        "Who": _cap(who),
        "until": rng.choice(_UNTIL),
        "when": rng.choice(_WHEN),
        "event": event,
        "before": rng.choice(_BEFORE),
        "day": rng.choice(_DAY),
    }


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r" +\n", "\n", text)
    text = re.sub(r"\n +", "\n", text)
    return text.strip()


# --- templates ----------------------------------------------------------------------------
# {cur}/{Cur}: task in force; {new_*}: the task asked for in a switch; {old}/{old_d}: the
# earlier stopped task in a resume; {other}: some other parked task mentioned in a reply.

_SWITCH: tuple[str, ...] = (
    "{greet}{new_ctx} {new_q}{sign}",
    "{greet}{ans} Now, something else has cropped up. {new_ctx} Could you help me with that first?{sign}",
    "{greet}{thanks} I think we'll leave {cur} where it is for today. {new_q}{sign}",
    "{Who} has said they'll finish {cur} with me at the weekend, so in the meantime could you {new_do}?",
    "Forget {cur}, it isn't worth the bother. Would you {new_do} please.",
    "{ok} I can't go any further with {cur} until I find the paperwork, and goodness knows where Ron put it. While I look, could you {new_do}?",
    "{event} So {cur} will have to wait. {new_q}",
    "Instead of {cur}, would you {new_do}? It's more urgent, I'm afraid.",
    "Please stop {cur} and {new_do}.",
    "{greet}{thanks}\n\n{aside} {ans}\n\nHowever, I've had a bit of a shock. {new_ctx} Would you be able to {new_do}? I'd like to get that done before anything else, {cur} can keep.{sign}",
    "{greet}I'm sorry to mess you about. {new_ctx} {new_q} We can come back to {cur} some other day, or not at all, we'll see.{sign}",
    "I have been thinking overnight and I don't think I want to go ahead with {cur} after all. What I really need is for you to {new_do}.",
    "{ok} That's enough of {cur} for one day, my head is spinning. One last thing though: {new_q_l}",
    "{greet}my daughter says I'm doing things in the wrong order and {new} matters more than {cur}. Can you {new_do}?{sign}",
    "Put {cur} in the drawer for now, so to speak. {new_ctx} What do you suggest?",
    "ok never mind {cur}. {new_q}",
    "{greet}Yes, that's right. Sorry, can I be a nuisance? {new_ctx} Could you {new_do}, and we'll do {cur} after?{sign}",
    "Before we go any further with {cur}: {new_q_l}",
    "{Who} is dealing with {cur} now, bless them. So I'm free to ask you something else. {new_q}",
    "I've decided to let {cur} go, life's too short. {new_ctx} Could you look into that for me?",
    "{greet}{aside} Anyway, the reason I'm writing: {new_ctx_l} Can you {new_do}? I know we were in the middle of {cur} but this can't wait.{sign}",
    "{ok} Change of plan, I'm afraid. {new_q}",
    "{greet}Thank you for all that on {cur}, it's more than I can take in today so let's let it rest. On a different matter, {new_q_l}{sign}",
    "Hello, it's me again. The post has just come. {new_ctx} I think that has to come first, don't you? Please {new_do}.",
    "{Cur} can wait until {until}. Could you {new_do} in the meantime?",
    "Sorry, I've gone right off the idea of {cur}. {new_q}",
    "{greet}{ans}\n\nActually, scrap that, and scrap {cur} too. {new_ctx} Could you {new_do} instead?{sign}",
    "You've been very patient with {cur} but I'm getting nowhere, and I'd rather spend the time on {new}. Could you {new_do}?",
    "{new_ctx}\n\n{new_q}\n\n(The other thing can wait.){sign}",
    "{greet}What a morning. {event} Anyway, {cur} is the least of my worries now. {new_ctx} Could you {new_do}?{sign}",
    "i dont want to do {cur} anymore can you {new_do}",
    "{ok} Let's park {cur}. {new_q}",
    "{greet}I hope you don't mind, but I'm going to pass {cur} over to {who}, who's better at these things than me. That leaves me free for {new}: {new_q_l}{sign}",
    "Good afternoon. Further to my last message, I've spoken to {who} and we agreed {cur} isn't worth pursuing. There is, however, another matter. {new_ctx} I would be grateful if you could {new_do}.{sign}",
    "Right, that's as far as I want to go with {cur}. Next on my list is {new}. {new_q}",
    "Yes. No. Oh, I don't know. Let me think about {cur} and get back to you. Meanwhile, {new_q_l}",
    "{greet}{thanks} {aside}\n\nI wonder, could we turn to {new} for a while? {new_ctx} {Cur} has waited this long, it can wait a bit longer.{sign}",
    "sorry to be a pain but {new_ctx_l} can you {new_do} please",
    "{ok} Hmm. I'm not sure about that. Leave it with me. {new_q}",
    "{greet}Our Karen came round last night and had a look at {cur}, and she says she'll sort it herself on Saturday. Bless her. While I've got you, {new_q_l}{sign}",
    "We've decided not to bother with {cur}. Gerald says it's throwing good money after bad. But there's something else. {new_ctx} Any ideas?",
    "{Cur}: on hold please. {new_q}",
    "{greet}I've had a good night's sleep on it and {cur} is going in the 'too difficult' pile. Could you {new_do} instead? That one at least has a deadline.{sign}",
    "{ans} But before you do anything else with that, {new_q_l}",
    "{greet}I was going to ask you to carry on with {cur}, but {new_ctx_l} So could you {new_do} first?{sign}",
    "Don't worry about {cur} any more, I've paid someone to do it. {new_q}",
    "{greet}{aside}\n\n{new_ctx}\n\nI know you're busy with {cur}, but I'd be ever so grateful if you could look at that first.{sign}",
    "{Who} says {cur} is a waste of time. Is it? Never mind, don't answer that. {new_q}",
    "What if we looked at {new} now and left {cur} for another day? {new_q}",
    "{greet}Sorry, that's my fault, I should have said: {cur} was only a 'nice to have'. The thing I really need help with is {new}. {new_q}{sign}",
    "i have changed my mind about {cur}. please {new_do}. thank you",
    "{ok} Hold {cur} there, please. {new_ctx} {new_q}",
    "Dear Assistant,\n\nFurther to our conversation about {cur}, I regret to say that I shall not be proceeding. I should be most grateful, however, if you would {new_do}.\n\nYours faithfully,\n{name}",
    "{greet}{thanks} That's grand. Actually, no, hold on. {new_ctx} I'd better deal with that today, hadn't I? Can you help?{sign}",
    "{Cur}, honestly, I've lost the will. {new_q}",
    "{greet}My grandson says you can do more than one thing at once, but I'd rather we didn't muddle them. So {cur} stops here, and could you {new_do}?{sign}",
    "Sorry I went quiet. {event} Now I'm back, {cur} doesn't seem so important. {new_q}",
    "{greet}I'm writing in a bit of a hurry. {new_ctx} Karen says to ask you. {new_q}{sign}",
    "{greet}{ans} And that's me done with {cur}, I think, I've not the patience for it. Could you {new_do}?{sign}",
)

_STOP: tuple[str, ...] = (
    "{greet}{thanks} I think I'll leave {cur} there for now.{sign}",
    "{Who} is going to take over {cur}, so you needn't do any more on it. Thank you all the same.",
    "Let's leave {cur} until {until}.",
    "{event} I'll have to leave {cur} for now, I'm sorry.",
    "I've decided not to go ahead with {cur}. Thank you for your patience.",
    "{greet}{aside} Anyway, I've had a think about {cur} and I'm going to let it drop. It's causing more worry than it's worth.{sign}",
    "Stop please. I don't want to carry on with {cur}.",
    "ok thats enough of {cur} for today",
    "{ok} I'll ring them myself on Monday and sort {cur} out over the phone, so there's nothing more for you to do.",
    "Please cancel {cur}.",
    "{greet}{Who} came round and did {cur} for me last night, so it's all taken care of. Sorry to have wasted your time.{sign}",
    "Can we put {cur} aside for now? I can't think straight today.",
    "{greet}I've been speaking to {who}, and it's agreed that {who} will deal with {cur} from now on. Thank you for getting me started.{sign}",
    "That will do for now, thank you dear. We'll pick {cur} up another time.",
    "{ans} Actually, you know what, I'll leave it. {Cur} can wait until {until}.",
    "I'm too tired for {cur} today. Another time.",
    "{greet}Gerald says we're not to bother with {cur}, and I think he's right for once. Thank you anyway.{sign}",
    "Hold everything on {cur} please, I need to speak to {who} before we go any further.",
    "{greet}{thanks}\n\n{aside}\n\nI'm going to have to ask you to put {cur} on one side. Things have got on top of me a bit this week and I'd rather come back to it with a clear head, perhaps {when}.{sign}",
    "Leave it for now, dear.{sign}",
    "never mind about {cur} i will manage",
    "{ok} I think I'll leave {cur} to the professionals. Thank you for trying.",
    "{greet}Sorry, I should have said earlier, {who} dealt with {cur} at the weekend. You can forget about it.{sign}",
    "Let's not do any more on {cur} today, my eyes are going funny looking at the screen.",
    "I give up with {cur}. Thank you for your help, you've been very kind.",
    "{event} So that's {cur} off the table for a while.",
    "Can we call it a day on {cur}? I'll come back to it {when}.",
    "{greet}I don't think I'm up to {cur} after all. My daughter says I'm not to stress myself.{sign}",
    "no more of {cur} please, I've had enough",
    "{Cur}: please don't do anything more. I've decided to do it the old-fashioned way, on paper, by myself.",
    "{greet}{ans} But on reflection I'll leave {cur} for {who} to finish, they've got all the papers.{sign}",
    "Thank you, that's very helpful, but I shan't be doing {cur} now. The situation has changed.",
    "We'll stop there for today.{sign}",
    "Best leave {cur} for the moment. I'll let you know.",
    "{greet}I'm so sorry to mess you about, but could we shelve {cur}? It turns out {who} has already started on it and I don't want two of us doing it.{sign}",
    "{aside} I'm going to pause {cur} for now and have a lie down.",
    "{ok} I shall sleep on it. No more {cur} tonight.",
    "ive left a message for {who} to sort {cur} so dont worry about it now",
    "Please don't send anything for {cur}. I've changed my mind.",
    "{greet}I'm afraid {cur} will have to go on the back burner. {event}{sign}",
    "{greet}Thank you dear, that's me finished for today. {Cur} will still be there {when}.{sign}",
    "{greet}After all that, it seems {cur} isn't needed. {Who} says it's all been dealt with.{sign}",
    "Let's draw a line under {cur}.",
    "{greet}{ok} I've read what you wrote and I think, on balance, I'll let {cur} lie. Least said, soonest mended.{sign}",
)

_RESUME: tuple[str, ...] = (
    "{ok} That's {cur} done. Now, can we go back to {old}?",
    "{greet}Thank you for your help with {cur}. Where had we got to with {old}? I'd like to finish it off.{sign}",
    "Right, what about the other thing, the one we put to one side?",
    "Now that's out of the way, can we get on with what we were doing {before}?",
    "{greet}I've found the papers for {old_d} in the bureau at last, so we can carry on with that now.{sign}",
    "{Who} couldn't do {old} after all, so it's back to us, I'm afraid. Can we pick it up where we left off?",
    "Good. And the one we left half done, {old_d}, shall we finish it?",
    "ok back to the first one",
    "That'll do for {cur}. Now, {old}.",
    "Right, where were we before all that?",
    "{greet}{thanks} {aside}\n\nI'd like to return to {old} now, if you don't mind. I've had a chance to think and I'm ready to carry on.{sign}",
    "Let's have another go at {old}.",
    "{ok} Now, the one about {old_d}: I'm ready when you are.",
    "{greet}Lovely. Can we go back to the thing from {day}? The one I said I'd think about.{sign}",
    "Back to {old}, please.",
    "Thank you so much. Now I'd like to pick up {old} again where we left it.",
    "{greet}{Cur} is finished, I've printed it. So, {old}. Where were we?{sign}",
    "{Who} is happy for us to carry on with {old} after all, so let's.",
    "{ans} Now, the business we parked on {day}: could we have another look at it?",
    "The other matter now, please.{sign}",
    "{greet}{aside} Karen says I should finish what I started, so it's {old} again today.{sign}",
    "{ok} Can we carry on with the one about {old_d}? I've got the information now.",
    "Good, that's that. Let's return to {old}.",
    "remember {old}? lets get back to it now",
    "{greet}Sorry to chop and change. I said leave {old}, but I've had a rethink and I would like to carry on with it after all.{sign}",
    "Where did we leave {old}? Let's carry on from there.",
    "{greet}You'll think me a right nuisance. We stopped {old} because I couldn't find the reference, and I've found it now, so could we go back to it?{sign}",
    "That's grand, thank you. Now what about the other job, the one before this?",
    "{ok} And now back to what we were doing first.",
    "I'm ready to have another go at the one about {old_d} now.",
    "{greet}{thanks}\n\n{ans}\n\nNow, I've been fretting about {old} all week. Shall we get back to it?{sign}",
    "OK, {cur} can stop there. Let's go back to {old}.",
    "Right. Now the one we abandoned {before}. Can we finish it today?",
    "{greet}Oh, that's lovely, thank you. While I have the papers out, let's go back to {old}.{sign}",
    "Can we pick up where we left off with {old}?",
    "The bank has finally got back to me, so we can get going on {old} again.",
    "I've changed my mind again, sorry. Let's resume {old}.",
    "{greet}Now, the thing I wouldn't let you finish the other day. I'm ready now.{sign}",
    "{ok} Where were we on {old}? Let's get going again.",
    "{greet}{Cur} done, thank you. You remember the one about {old_d}? Let's have it back out.{sign}",
    "{greet}{event} Anyway, that's all calmed down now, so I'd like to get back to {old}, if you're still willing.{sign}",
)

_REPLY: tuple[str, ...] = (
    # plain
    "{greet}{ans}{sign}",
    "That looks fine to me, please go ahead with {cur}.",
    "How are we getting on with {cur}?",
    "Is there anything else you need from me for {cur}?",
    "Could you make it a bit simpler? I'm not very good with these things.",
    "Can you make the writing bigger please, my eyes aren't what they were.",
    "{ok} Carry on.",
    "{greet}{thanks} {aside} {ans}{sign}",
    "Yes please.{sign}",
    "No, that's not quite right. Could you read it back to me?",
    "Sorry, I gave you the wrong date earlier, it should be the 12th, not the 21st.",
    "{greet}Just to say I've had a look at what you did on {cur} and it's wonderful. {aside} Could you do the last bit now?{sign}",
    "What do I do next with {cur}?",
    "Go on then.{sign}",
    "I've printed it off and it looks very smart. Is that the end of {cur}, or is there more?",
    "{greet}I don't understand the bit in the middle. What does it mean in plain English?{sign}",
    "How long will {cur} take, roughly? Only I have to go out at two.",
    "{ans} And thank you, you're a godsend.",
    "Sorry, I'm a bit slow. Can you explain that again?",
    "{greet}{aside}\n\nI've read through everything you sent about {cur}. Most of it is fine. I'm not sure about the second part though, it sounds a bit bossy. Could you soften it?{sign}",
    "Karen read it over my shoulder and she says it's very good.",
    "Is this right? It seems too easy.",
    "{ok} What's the next step?",
    "I'm going to ring {who} to check one thing, then I'll tell you. Keep going with the rest of {cur} in the meantime.",
    "Do I need to sign anything for {cur}?",
    "Please use my full name on it, not the short version.",
    "thank you that is very helpful",
    "{greet}I've found another letter about {cur} in the pile, dated last March. Do you want me to type out what it says?{sign}",
    "Could you write it so I can read it out on the phone?",
    "Wonderful. Keep going.",
    "I'm not sure. What would you do?",
    "{greet}is it possible to save it so I can show Karen on Sunday?{sign}",
    "I've written down what you said in my notebook. What comes after that?",
    "{greet}Just so you know the background: {cur_ctx_l} {thanks}{sign}",
    "{greet}{ok} {cur_q}{sign}",
    # look-alikes
    "Please don't stop on my account. Carry on with {cur}, I'm only making a cup of tea.",
    "Sorry, I had to pause there, the doorbell went. {ans} Carry on with {cur}.",
    "I'll come back to you on that later, I need to find the paperwork in the loft. Keep going with the rest of {cur} meanwhile.",
    "Could we do {cur} by post instead of online? I don't trust the website.",
    "My friend Brenda says I should give up on {cur} and pay a man to do it, but I told her no, you're doing a lovely job. Please carry on.",
    "Is {other} still on hold? No need to do anything about it, I'm only asking. Carry on with {cur}.",
    "Back to your question about {cur}: {ans_l}",
    "I've had to put my sister on hold to type this. Yes, go ahead with {cur} the way you suggested.",
    "Don't cancel anything on {cur} yet, just get it ready and I'll look it over tonight.",
    "Where were we with {cur}? Oh yes, you'd asked me something. {ans}",
    "Sorry, I switched the computer off by mistake and lost everything. Is {cur} still there?",
    "Did we ever finish {other}? Don't go back to it now, I'm only asking so I can tell {who}.",
    "Let's not give up on {cur}. What else could we try?",
    "{greet}I nearly wrote to say stop, I was in such a flap about {cur}, but I've calmed down now. Let's keep going.{sign}",
    "Instead of the long version, could you do {cur} shorter? One page at most.",
    "I stopped halfway through reading what you wrote about {cur} because the phone went. I'm back now. What did the last bit mean?",
    "The other thing can stay parked, I'm happy with that. How's {cur} looking?",
    "Hold on, I'm just finding my glasses... Right. Yes, that's all correct for {cur}.",
    "You can stop asking me if I'm sure, dear, I'm sure! Please carry on with {cur}.",
    "{greet}Never mind the spelling mistakes in my last message, I was in a rush. Carry on with {cur} as you were.{sign}",
    "Leave the bit about {cur_d} to the end, do the easy parts first.",
    "We'll do the signing later, but please go ahead with the rest of {cur}.",
    "Can we go back a step on {cur}? I think I answered the last question wrongly. It should be 'no'.",
    "When {cur} is finished, remind me about {other}. Not now, though. One thing at a time.",
    "Oh don't stop now, we're nearly there!{sign}",
    "Switching to the tablet because the computer is slow. Anyway, yes, carry on with {cur}.",
    "I know I said I'd cancel {cur} if it got too complicated, but it's fine so far. Keep going.",
    "{greet}I went back over your last message about {cur} and I think I see it now. Yes, go ahead.{sign}",
    "Later on I'll need a copy of {cur} for Karen, but carry on for now.",
    "Karen asked whether we've abandoned {other}. I told her we're just waiting for a letter. Anyway, where are we on {cur}?",
    "Shall I stop you there and check the figures with Gerald? No, go on, I'll trust you.",
    "I had a little rest and I'm back. Carry on with {cur} where you were.",
    "Instead of emailing, could you give me the wording for {cur} and I'll copy it out by hand?",
    "Don't put {cur} on hold on my account, I know I've been slow to answer.",
    "{ok} And if I change my mind about any of {cur} later, can I still alter it?",
    "{greet}I've got {other} on the back burner, that's fine where it is. {ans} Please keep going with {cur}.{sign}",
)


def _other(rng: random.Random, *avoid: Task) -> Task:
    while True:
        t = rng.choice(_TASKS)
        if t not in avoid:
            return t


def _from_template(kind: str, tpl: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        slots = _common_slots(rng)
        slots.update(_task_slots("cur", cur, rng))
        stopped: str | None = None
        if kind == "switch":
            slots.update(_task_slots("new", _other(rng, cur), rng))
        elif kind == "resume":
            old = _other(rng, cur)
            slots.update(_task_slots("old", old, rng))
            stopped = old.ask
        elif kind == "reply":
            slots["other"] = rng.choice(_other(rng, cur).nicks)
        return {
            "kind": kind,
            "text": _tidy(tpl.format(**slots)),
            "current_task": cur.ask,
            "stopped_task": stopped,
        }

    return build


def _task_reply(rng: random.Random) -> Case:
    task = rng.choice(_TASKS)
    body = rng.choice(task.replies)
    s = _common_slots(rng)
    shape = rng.randrange(6)
    if shape == 0:
        text = body
    elif shape == 1:
        text = f"{s['greet']}{body}{s['sign']}"
    elif shape == 2:
        text = f"{s['ok']} {body}"
    elif shape == 3:
        text = f"{body} {s['thanks']}"
    elif shape == 4:
        text = f"{s['greet']}{s['aside']} {body}{s['sign']}"
    else:
        text = f"{s['greet']}{s['thanks']}\n\n{body}\n\n{s['aside']}{s['sign']}"
    return {"kind": "reply", "text": _tidy(text), "current_task": task.ask, "stopped_task": None}


def _builders() -> dict[str, list[Builder]]:
    out: dict[str, list[Builder]] = {
        "switch": [_from_template("switch", t) for t in _SWITCH],
        "stop": [_from_template("stop", t) for t in _STOP],
        "resume": [_from_template("resume", t) for t in _RESUME],
        "reply": [_from_template("reply", t) for t in _REPLY],
    }
    # task-specific replies get roughly two fifths of the reply share
    out["reply"].extend([_task_reply] * 48)
    return out


# --- register noise -------------------------------------------------------------------------


def _typo(text: str, rng: random.Random) -> str:
    words = [m for m in re.finditer(r"[A-Za-z]{5,}", text)]
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    w2 = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return text[: m.start()] + w2 + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    r = rng.random()
    if r < 0.06 and len(text) < 260:
        text = text.upper()
    elif r < 0.16:
        text = text.lower().replace("'", "")
        text = re.sub(r"[,.](?=\s|$)", "", text)
    elif r < 0.22:
        text = text.replace("Thank you", "Thankyou").replace("thank you", "thankyou")
        text = re.sub(r"\. (?=[A-Z])", "... ", text, count=2)
    if rng.random() < 0.12:
        text = _typo(text, rng)
    return text


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


def _key(text: str) -> str:
    """Stricter than ``_norm``: punctuation is ignored too, so near-copies are skipped."""
    return re.sub(r"\s+", " ", re.sub(r"[^\w\s£]", "", text.lower())).strip()


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    builders = _builders()
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in KINDS:
        pool = list(builders[kind])
        rng.shuffle(pool)
        want = PLAN[kind]
        made = 0
        step = 0
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            case = pool[step % len(pool)](rng)
            step += 1
            text = _register(str(case["text"]), rng)
            key = _key(text)
            if key in seen:
                continue
            seen.add(key)
            case["text"] = text
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


def _template_count() -> int:
    return len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY)


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {_template_count()} templates "
        f"(switch {len(_SWITCH)}, stop {len(_STOP)}, resume {len(_RESUME)}, reply {len(_REPLY)}), "
        f"{sum(len(t.replies) for t in _TASKS)} task-specific replies"
    )
    for s in (0, 1, 2):
        got = generate(s)
        counts = Counter(str(c["kind"]) for c in got)
        distinct = len({_norm(str(c["text"])) for c in got})
        print(f"seed {s}: {dict(counts)} distinct texts: {distinct} total: {len(got)}")
        assert len(got) == 600, len(got)
        assert counts == Counter(PLAN), counts
        assert distinct == 600, distinct
        for c in got:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}, c
            assert c["kind"] in KINDS
            assert c["text"], c
            assert c["current_task"], c
            assert (c["stopped_task"] is not None) == (c["kind"] == "resume"), c
            if c["kind"] == "resume":
                assert c["stopped_task"] != c["current_task"], c
        assert generate(s) == got, "not deterministic"
    assert generate(0) != generate(1)
    print("ok")
