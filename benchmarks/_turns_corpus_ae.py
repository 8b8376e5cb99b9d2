# ruff: noqa: E501, RUF001
"""Held-out corpus ``ae`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of primary-school teachers, junior sports
coaches, PTA parents and community volunteers who organise school, club and neighbourhood
things with an assistant in a group-chat register. Opened while writing: only lines 1-66 of
``benchmarks/_turns_corpus_t.py`` (its docstring, imports and ``KINDS``) and lines 1084-1141
of the same file (its ``generate`` function and ``__main__`` self-check), to copy the
interface; none of its wording is reused. NOT opened, grepped or run: anything under
``src/``, ``tests/`` or ``benchmarks/results/``, every other ``benchmarks/_turns_corpus_*.py``
file (nor the middle of ``_turns_corpus_t.py``), any ``bench_*.py`` script,
``train_turn_model.py``, ``turns_model_loco.py``, ``turn_features_loco.py`` and
``/work/shared``. (One plain ``ls`` of ``benchmarks/`` showed file names only, no content.)
packlight was never imported and no classifier or benchmark was run on this corpus; do not
tune this file against a classifier's output.

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

- 34 school / club / community organising tasks with concrete names, places and amounts: an
  U11 fixture list at Greenbank Rec, an Eden Project permission slip (£18), a PTA cake-sale
  rota, a Kitlocker netball kit order, the St Brigid's newsletter, a Scouts packing list for
  Ferny Hollow, gala timekeepers at Riverside, a minibus to Castleford, a Christmas raffle,
  a Lyme Park sponsor form, a sports day timetable, an Ashby CC nets rota, a St Mark's choir
  programme, a Year 6 disco, a lost-property post, Hillside food bank slots, a 5-a-side
  bracket, an U9 rugby plan, 4B parents' evening slots, a uniform swap, an NHM risk
  assessment, Harriers AGM minutes, gymnastics subs (£45), county hockey lifts to Worcester,
  a Kingswood medical list, a Scholastic book fair, nativity costumes, a Co-op goalposts bid
  (£1,200), awards engraving, a canal litter pick, DofE route cards, DBS chasing, a PTA quiz
  and a "match is off" text to U15 parents.
- Each task has nicknames, details to refer to it by, an imperative "do" phrase, a
  context-only description of the problem ("the U13s are away at Castleford on Sunday and the
  usual parent lifts have all fallen through"), a question form that implies the work and six
  task-specific replies, three plain and three hard look-alikes where cancel / stop / pause /
  switch / instead / back / on hold are the task's own subject matter ("the vote to cancel
  the club dinner passed 12-4, minute it", "Tom's was put on hold because of an address
  mismatch", "'Don't Stop Believin'' as the finale").
- Switches and stops are mostly indirect and triggered by events (weather warnings, frozen
  pitches, sickness bugs, a parent complaint, the committee or the head deciding, someone
  else having already done it), relayed decisions ("Jo says...", "committee voted..."),
  hand-offs to named people, deferrals to a term or a meeting, giving up, and new problems
  described by context only and then asked about, often buried after a greeting or an answer
  to the agent's question. Resumes name the earlier task by nickname, by a detail, or not at
  all ("the one we shelved", "what we parked earlier", "you know the one"). Only a minority
  says stop / switch / instead / cancel literally.
- Replies are half plain (answers, approvals, nudges, corrections, extra detail, progress
  questions) and half look-alikes: cancel / stop / pause / back / switch / instead / later /
  on hold about the same task, votes that keep the task, questions about a parked task that
  do not resume it, alternatives within the same task.
- Register: group-chat messages with emoji, "lol" / "ugh" / "omg", bursts joined by " / " or
  line breaks, and a few several-paragraph messages. Seeded slot filling over 215 message
  templates (60 switch, 45 stop, 42 resume, 66 reply) plus 204 task-specific replies (some
  wrapped in a relay or an aside), then register noise on some cases (lowercasing,
  ``pls``/``thx``/``u`` substitutions, dropped apostrophes, one letter-swap typo, " / "
  bursts, trailing emoji). Standard library only.

``python benchmarks/_turns_corpus_ae.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, str | None]
Builder = Callable[[random.Random], Case]


@dataclass(frozen=True)
class Task:
    """One organising job as the person first asked it, plus ways of referring to it."""

    ask: str
    nicks: tuple[str, ...]
    details: tuple[str, ...]
    do: str
    ctx: str
    q: str
    replies: tuple[str, ...]


_TASKS: tuple[Task, ...] = (
    Task(
        ask="Can you draw up the under-11s home fixture list for the spring half of the season? Pitch 2 at Greenbank Rec, kick-offs 10am.",
        nicks=("the U11 fixture list", "the fixture list", "the spring fixtures thing"),
        details=("the Greenbank pitch 2 thing", "the under-11s home games"),
        do="draw up the U11 home fixtures for the spring at Greenbank Rec",
        ctx="the league has just sent the spring dates for the under-11s and we've got nothing planned for home games at Greenbank",
        q="what would the U11 spring home fixtures look like if we kept pitch 2 at 10am?",
        replies=(
            "Riverside Rovers can't do the 8th, put them on the 15th and move Ashton Juniors up",
            "keep Easter Sunday free, half the squad are away",
            "is it 9 home games or 8? I make it 8",
            "put a note at the bottom that anything called off for a frozen pitch gets replayed on the next free Sunday",
            "switch the Ashton and Riverside dates round, Ashton's coach asked",
            "mark the 22nd as 'postponed – TBC' rather than cancelled, the league hasn't decided yet",
        ),
    ),
    Task(
        ask="Please write the permission slip for the Year 5 trip to the Eden Project on 14 June – £18, coach leaves 7:45, packed lunch needed.",
        nicks=("the Eden slip", "the permission slip", "the Year 5 trip letter"),
        details=("the £18 trip thing", "the Eden Project form"),
        do="write the Year 5 permission slip for Eden on 14 June",
        ctx="the Year 5 parents still haven't had anything about Eden on 14 June and the coach firm wants numbers by Friday",
        q="could we get a permission slip out for the Eden trip, £18, coach at 7:45?",
        replies=(
            "add a tick box for 'my child may have sun cream applied'",
            "payment is on ParentPay, not cash in envelopes",
            "we're back about 5:30, give or take traffic on the A30",
            "add a line saying if the trip is cancelled the £18 is refunded in full",
            "parents who want to pull their child out after paying need to tell the office by 1 June – put that in",
            "instead of a tear-off slip at the bottom can it be a Google form link?",
        ),
    ),
    Task(
        ask="Make a rota for the PTA cake sale on Friday 3rd — two people per half hour from 3:15 to 4:45.",
        nicks=("the cake sale rota", "the cake rota", "Friday's rota"),
        details=("the 3:15 to 4:45 slots", "the bake sale thing"),
        do="make a two-per-half-hour rota for the PTA cake sale on Friday 3rd",
        ctx="the PTA cake sale is on Friday 3rd and not a single person has been put down to run the stall",
        q="can we get a rota together for the cake sale on the 3rd, 3:15 to 4:45?",
        replies=(
            "Gemma can only do the first slot",
            "put Tomasz and Aisha together, they're mates",
            "that's 3 slots not 4, it finishes at 4:45",
            "Bex has to leave at 4 for swimming so switch her to the first slot",
            "if it rains we move inside to the hall, we don't cancel – add that at the top",
            "drop the last slot, the cakes are always gone by 4:15 anyway lol",
        ),
    ),
    Task(
        ask="Can you put together the kit order for the netball club — 22 bibs and 14 dresses from Kitlocker, sizes are in the sheet Sian shared.",
        nicks=("the netball kit order", "the kit order", "the Kitlocker order"),
        details=("the bibs and dresses", "Sian's sizes sheet"),
        do="put the netball kit order together from Sian's size sheet, 22 bibs and 14 dresses from Kitlocker",
        ctx="the netball girls have been playing in odd bibs all term and Kitlocker's team discount ends on the 30th",
        q="what would 22 bibs and 14 dresses from Kitlocker come to, with the sizes off Sian's sheet?",
        replies=(
            "two of the dresses need to be age 9-10 not 11-12",
            "club badge on the left please, not the right",
            "is that total with VAT?",
            "Kitlocker say they cancel any order not paid within 7 days so flag that for me",
            "go for the royal blue instead of navy, the committee preferred it",
            "don't stop at 14 dresses, Sian says round it up to 16 for spares",
        ),
    ),
    Task(
        ask="Draft the autumn newsletter for St Brigid's Primary — sports day results, a welcome to our new head Mrs Adeyemi, and the uniform swap.",
        nicks=("the newsletter", "the autumn newsletter", "the St Brigid's newsletter"),
        details=("the bit welcoming Mrs Adeyemi", "the autumn one for St Brigid's"),
        do="draft the St Brigid's autumn newsletter with sports day results and a welcome for Mrs Adeyemi",
        ctx="the autumn newsletter for St Brigid's was meant to go out on Monday and nobody's started it",
        q="could we get a first draft of the St Brigid's autumn newsletter going? sports day, Mrs Adeyemi, uniform swap",
        replies=(
            "Blue house won, not Red, sorry 🙈",
            "can you add a caption for the relay photo",
            "Mrs Adeyemi prefers 'Headteacher' to 'Head'",
            "the bit about swimming lessons being cancelled needs to stay in, parents keep asking",
            "move the uniform swap to the back page instead of the front",
            "add a line that after-school clubs pause for parents' evening week",
        ),
    ),
    Task(
        ask="Make a packing list for the 1st Dunmore Scouts weekend camp at Ferny Hollow, 17th to 19th.",
        nicks=("the camp kit list", "the packing list", "the Ferny Hollow list"),
        details=("the Ferny Hollow weekend", "the scouts camp list"),
        do="do a packing list for the Dunmore Scouts camp at Ferny Hollow",
        ctx="the scouts go to Ferny Hollow on the 17th and half the parents are asking what to pack",
        q="what should the scouts bring for the Ferny Hollow weekend? can we get it written up?",
        replies=(
            "no electronics, Akela is firm on that",
            "add a torch and spare batteries",
            "wellies AND trainers, it's a bog up there",
            "add 'if camp is called off because of weather we'll text by Thursday'",
            "put sleeping mat instead of camp bed, there's no room in the tents",
            "stop at one page please, parents won't read two",
        ),
    ),
    Task(
        ask="Email the swim club parents asking for timekeepers for the gala at Riverside Leisure Centre on the 22nd — we need 8.",
        nicks=("the timekeepers email", "the gala email", "the gala volunteers ask"),
        details=("the Riverside gala", "the 8 timekeepers"),
        do="email the swim parents asking for 8 timekeepers for the Riverside gala on the 22nd",
        ctx="the Riverside gala is on the 22nd and we've got exactly two timekeepers",
        q="could we get an email out asking for timekeepers for the gala on the 22nd?",
        replies=(
            "mention no experience needed, we train them on the day",
            "warm-up starts 8:15 so they need to be there by 8",
            "Kwame's already said yes so that's 7 we need",
            "say they can stop after the morning session if they want, they don't have to do both",
            "the last gala nearly got cancelled because we were short of timekeepers – mention that so people take it seriously",
            "instead of 'volunteers' say 'helpers', it sounds less scary",
        ),
    ),
    Task(
        ask="Book the minibus for the under-13s away game at Castleford on Sunday — 14 players plus 2 coaches, leaving the club at 8.",
        nicks=("the minibus", "the Castleford minibus", "Sunday's transport"),
        details=("the Castleford trip", "the 16-seater for Sunday"),
        do="book a minibus for the U13s to Castleford on Sunday, leaving 8am",
        ctx="the U13s are away at Castleford on Sunday and the usual parent lifts have all fallen through",
        q="can we still get a minibus for 16 to Castleford on Sunday morning?",
        replies=(
            "Dave has his D1 on his licence so he can drive",
            "back at the club about 2",
            "does the hire include fuel?",
            "ask what their cancellation policy is in case the game's called off",
            "if they've no 16-seater, two 9-seaters instead is fine",
            "can it stop at Woolley Edge services on the way back, they'll be starving",
        ),
    ),
    Task(
        ask="Sort out the raffle prize list for the Christmas fair, and a thank-you note for each donor.",
        nicks=("the raffle list", "the raffle", "the raffle prize list"),
        details=("the Christmas fair prizes", "the donor thank-yous"),
        do="sort the Christmas fair raffle prizes into a list with a thank-you note per donor",
        ctx="we've got about 30 raffle prizes in a box in the staff room for the Christmas fair and no record of who gave what",
        q="could we get the Christmas raffle prizes listed with a thank-you for each donor?",
        replies=(
            "the hamper from Booths is the top prize",
            "the Nando's voucher was £25 not £20",
            "don't name the parent who gave the wine, she asked us not to",
            "the spa voucher has a 'cancel 48 hours before' rule, put that on its tag",
            "Booths want their thank-you sent to the store manager instead of head office",
            "put the prize from Pause Café first, they gave the most",
        ),
    ),
    Task(
        ask="Set up the sponsorship form for the sponsored walk round Lyme Park — 5km and 10km routes, Saturday 9th.",
        nicks=("the sponsor form", "the walk form", "the Lyme Park form"),
        details=("the Lyme Park walk", "the 5k/10k thing"),
        do="set up a sponsor form for the Lyme Park walk with 5k and 10k options",
        ctx="the sponsored walk round Lyme Park is on the 9th and the kids have nothing to collect sponsors on",
        q="can we get a sponsor form going for the Lyme Park walk, 5k and 10k?",
        replies=(
            "add a gift aid column",
            "money back to the office by the 20th",
            "under-8s can only do the 5k",
            "put: if the walk is postponed for weather, sponsorship still counts for the new date",
            "walkers can stop at the halfway point and get the minibus back – note that",
            "one column for 'per km' and one for a flat amount instead of just the one",
        ),
    ),
    Task(
        ask="Plan the sports day timetable for Thursday — 9 races, KS1 in the morning, KS2 after lunch.",
        nicks=("the sports day timetable", "the sports day plan", "Thursday's timetable"),
        details=("the 9 races", "the KS1 morning / KS2 afternoon thing"),
        do="plan a sports day timetable for Thursday with KS1 in the morning and KS2 after lunch",
        ctx="sports day is Thursday and there's no running order at all yet",
        q="how would you fit 9 races into Thursday with KS1 in the morning and KS2 after lunch?",
        replies=(
            "egg and spoon has to be last, it's tradition",
            "lunch is 12 till 1 no matter what",
            "parents' race at 2:45",
            "put a 10-minute water break after the sack race – they have to stop and drink",
            "the relay goes back to the end like last year",
            "if it's too hot we switch to the shady field, can you say that",
        ),
    ),
    Task(
        ask="Work out a nets rota for the juniors at Ashby CC — Tuesday and Thursday evenings, 3 nets, 40 kids.",
        nicks=("the nets rota", "the junior nets rota", "the Ashby rota"),
        details=("the Tuesday/Thursday nets", "the 40 juniors"),
        do="work out a Tuesday/Thursday nets rota for the 40 Ashby juniors",
        ctx="the Ashby juniors start nets in two weeks and 40 kids are turning up to three nets with no plan",
        q="how would we split 40 juniors over 3 nets on Tuesdays and Thursdays?",
        replies=(
            "the girls' group wants Thursdays",
            "under-9s finish at 7",
            "net 3 has the bowling machine",
            "if the bowling machine breaks, switch net 3 to throwdowns",
            "keep the break at 6:30 – they need to stop and have a drink",
            "group the keepers together instead of spreading them out",
        ),
    ),
    Task(
        ask="Lay out the programme for the spring choir concert on the 28th at St Mark's Church.",
        nicks=("the concert programme", "the choir programme", "the St Mark's programme"),
        details=("the choir thing on the 28th", "the St Mark's concert"),
        do="lay out the programme for the choir concert at St Mark's on the 28th",
        ctx="the choir concert at St Mark's is on the 28th and we have no programme to hand out",
        q="could we get a programme put together for the 28th at St Mark's?",
        replies=(
            "interval after 'Rhythm of Life'",
            "the juniors do 'Lean on Me'",
            "credit Mr Bell on piano please",
            "put 'Don't Stop Believin'' as the finale, the kids voted",
            "add a note asking people to hold their applause until the end of each set",
            "'Back to the Start' is the second song, not the fourth",
        ),
    ),
    Task(
        ask="Plan the Year 6 leavers' disco — DJ, tuck shop and pick-up at 8pm, Friday 19 July.",
        nicks=("the leavers' disco", "the disco", "the Y6 disco"),
        details=("the DJ and tuck shop", "the 19 July party"),
        do="plan the Year 6 leavers' disco for the 19th: DJ, tuck shop, 8pm pick-up",
        ctx="the Year 6 leavers' disco is the 19th and we've no DJ and no tuck shop volunteers",
        q="what do we need for the Y6 leavers' disco on the 19th – DJ, tuck shop, pick-up?",
        replies=(
            "DJ Marco quoted £150",
            "tuck shop prices max 50p",
            "pick-up from the hall side door",
            "the DJ asked if we want a break midway, say yes, 10 minute pause at 7",
            "parents can't come in, they wait outside instead",
            "if the hall floods again (🙄) we switch to the dining room, it's fine",
        ),
    ),
    Task(
        ask="Write a post for the class WhatsApp about the lost property table before half term.",
        nicks=("the lost property post", "the lost property message", "the WhatsApp post"),
        details=("the lost property table", "the half term message"),
        do="write a WhatsApp post about the lost property table before half term",
        ctx="the lost property table is overflowing and the caretaker says it all goes to charity at half term",
        q="could we put something on the class WhatsApp about lost property before half term?",
        replies=(
            "it's on the table by the office",
            "everything unnamed goes to the uniform swap",
            "mention the 14 water bottles 😂",
            "say after half term it all goes to the charity shop, no going back",
            "stop saying 'kindly', it's so passive aggressive",
            "add: name your kids' jumpers!! or we can't get them back to you",
        ),
    ),
    Task(
        ask="Organise drop-off slots for the harvest food bank collection with Hillside Trussell Trust.",
        nicks=("the food bank rota", "the harvest collection", "the Hillside drop-off plan"),
        details=("the harvest thing", "the Trussell Trust drop-offs"),
        do="set up harvest drop-off slots with the Hillside food bank",
        ctx="the Hillside food bank told us they can only take drop-offs at set times this year and we've got boxes piling up in the hall",
        q="can we sort some drop-off times with the Hillside food bank for the harvest stuff?",
        replies=(
            "they're closed Wednesdays",
            "max 10 boxes per drop",
            "Kwame has a van on Fridays",
            "they've paused taking pasta, so add a note: no more pasta pls",
            "swap the Tuesday slot for a Thursday instead",
            "they cancel the slot if we're more than 15 min late so make that really clear",
        ),
    ),
    Task(
        ask="Make the bracket for Saturday's 5-a-side tournament — 12 teams, 3 pitches, 9am start.",
        nicks=("the bracket", "the tournament draw", "the 5-a-side bracket"),
        details=("the 12-team thing", "Saturday's tournament draw"),
        do="make a 12-team 5-a-side bracket across 3 pitches for Saturday",
        ctx="12 teams have signed up for Saturday's 5-a-side and there's no draw yet",
        q="how would 12 teams split across 3 pitches for the 5-a-side on Saturday?",
        replies=(
            "Holmfirth A and B can't meet in the group stage",
            "games are 10 mins each way",
            "final on pitch 1",
            "add a 'switch ends at half time' note for the refs",
            "if a team doesn't turn up it's a 3-0 walkover, the game isn't cancelled",
            "put the plate competition back in for the teams knocked out",
        ),
    ),
    Task(
        ask="Write a 6-week training plan for the U9 rugby at Penrith RFC, Sunday mornings 10 to 11:30.",
        nicks=("the training plan", "the U9 plan", "the 6-week plan"),
        details=("the U9 sessions", "the Sunday morning plan"),
        do="write a 6-week Sunday training plan for the Penrith U9s",
        ctx="the Penrith U9s have a new batch of beginners and the coaches are just winging it on Sundays",
        q="what could a 6-week plan for the Penrith U9 Sundays look like?",
        replies=(
            "tag only, no contact till U10",
            "week 4 is the festival so keep it light",
            "more games, fewer drills – they're 8",
            "add a 'stop-go' warm-up game, they love it",
            "every session should end with a cool-down, not just stop dead",
            "switch week 2 and week 3, passing before evasion",
        ),
    ),
    Task(
        ask="Set up the parents' evening booking slots for 4B — Tuesday and Wednesday, 3:30 to 6, 10 minutes each.",
        nicks=("the parents' evening booking", "the 4B booking page", "the booking thing"),
        details=("the 4B evenings", "the 10-minute slots"),
        do="set up the 4B parents' evening slots, Tues/Wed 3:30-6",
        ctx="4B parents' evening is next week and the booking system hasn't even been opened",
        q="could we get 10-minute parents' evening slots for 4B up for Tues and Wed?",
        replies=(
            "I need a 15-min break at 4:30 on Tuesday",
            "the twins need a double slot",
            "Ms Kowalski joins for the SEN children",
            "parents can cancel up to 24 hours before – make that clear on the booking page",
            "put a 5 min gap between each one instead of back-to-back",
            "I'll pause at 5 for a coffee so block out 5:00-5:10",
        ),
    ),
    Task(
        ask="Organise the uniform swap shop — a flyer and a table plan for the hall, Thursday after school.",
        nicks=("the uniform swap", "the swap shop", "the swap flyer"),
        details=("the preloved uniform thing", "the hall table plan"),
        do="do a flyer and table plan for the uniform swap shop on Thursday",
        ctx="we've got six bin bags of preloved uniform in the PTA cupboard and families keep asking when the swap shop is",
        q="could we get the uniform swap shop organised for Thursday, flyer and tables?",
        replies=(
            "tables by size, not by item",
            "it's free, donations optional",
            "PE kit on its own table",
            "say 'swap or just take, no need to bring something back'",
            "we stop at 4:30 so the cleaners can get in",
            "put the shoes on the back table instead of the front",
        ),
    ),
    Task(
        ask="Draft the risk assessment for the Year 3 trip to the Natural History Museum on the 11th.",
        nicks=("the risk assessment", "the NHM RA", "the Year 3 RA"),
        details=("the Natural History Museum trip", "the Y3 museum thing"),
        do="draft the risk assessment for the Y3 Natural History Museum trip",
        ctx="the Year 3 museum trip is on the 11th and the head won't sign it off without a risk assessment",
        q="could we get a risk assessment written for the Year 3 trip to the NHM?",
        replies=(
            "ratio is 1 adult to 5",
            "we're on the tube from Euston",
            "one child carries an epipen",
            "include what happens if a child goes missing – stop, headcount, call the lead",
            "if the trains are cancelled we come back by coach, put that in as the fallback",
            "regroup point is the blue whale instead of the gift shop",
        ),
    ),
    Task(
        ask="Write up the minutes from last night's Harriers AGM from my notes — treasurer's report, new kit, subs increase.",
        nicks=("the AGM write-up", "the minutes doc", "the Harriers write-up"),
        details=("last night's AGM", "my scribbled notes"),
        do="write up the Harriers AGM minutes from my notes",
        ctx="the Harriers AGM was last night and all I've got is a page of scribbled notes",
        q="could you turn my AGM notes from last night into proper minutes?",
        replies=(
            "Carol seconded, not Pete",
            "subs go up to £55 from April",
            "apologies from Mike and Lorraine",
            "the motion to stop the Sunday long run was defeated – make sure that's clear",
            "the vote to cancel the club dinner passed 12-4, minute it",
            "the treasurer said the bank account is on hold till the signatories change, put that in",
        ),
    ),
    Task(
        ask="Send a reminder to the families who haven't paid the spring gymnastics subs (£45).",
        nicks=("the subs reminder", "the subs chasing", "the gym subs message"),
        details=("the £45 subs", "the unpaid gymnastics fees"),
        do="send a polite reminder about the £45 spring gymnastics subs to the ones who haven't paid",
        ctx="eleven families still haven't paid their £45 spring subs for gymnastics and the hall hire is due",
        q="could we chase the gymnastics families who haven't paid the £45?",
        replies=(
            "be kind about it, some of them are struggling",
            "bank details are on the website",
            "the Owens paid cash yesterday, take them off",
            "mention we can pause fees for anyone having a hard time, just message me",
            "don't say we'll cancel their place, that's too harsh",
            "put 'switch to monthly if that's easier' at the end",
        ),
    ),
    Task(
        ask="Sort out lifts for the girls to the county hockey trials in Worcester on Saturday — 9 girls, need to be there for 9:30.",
        nicks=("the lift share", "the Worcester car share", "the hockey car share"),
        details=("the county trials", "Saturday's Worcester thing"),
        do="sort out car-share lifts for the 9 girls going to the Worcester trials",
        ctx="9 of our girls got through to the county trials in Worcester on Saturday and we've no idea how they're getting there",
        q="how can we get 9 girls to Worcester for 9:30 on Saturday?",
        replies=(
            "the Patels have a 7-seater",
            "Amy's mum can only do one way",
            "meet at the Tesco car park at 8",
            "if trials are cancelled the county texts at 7, so drivers check before setting off",
            "come back via Malvern to drop Ellie off",
            "Priya can drive instead of Mark",
        ),
    ),
    Task(
        ask="Compile the allergy and medical list for the Year 6 residential at Kingswood.",
        nicks=("the medical list", "the allergy list", "the Kingswood list"),
        details=("the Kingswood medical forms", "the Y6 residential list"),
        do="compile the allergy and medical list for the Kingswood residential",
        ctx="Kingswood want our allergy and medical info by Friday and the forms are in a pile on my desk",
        q="could we turn the Kingswood medical forms into one list?",
        replies=(
            "Oscar is nut allergy, severe",
            "three inhalers in total",
            "Leah's form is missing, flag it",
            "one child has to stop the activity if his asthma kicks in – flag that",
            "Maya has switched from dairy-free to vegan, update her",
            "put 'back-up epipen in the first aid bag' at the top",
        ),
    ),
    Task(
        ask="Plan the volunteer slots for the Scholastic book fair next week, before and after school each day.",
        nicks=("the book fair rota", "the book fair", "the Scholastic rota"),
        details=("the book fair volunteers", "the before/after school slots"),
        do="plan volunteer slots for next week's Scholastic book fair",
        ctx="the Scholastic book fair boxes arrived this morning and nobody's down to run it",
        q="can we get volunteers lined up for the book fair next week, mornings and after school?",
        replies=(
            "Monday morning is setup, needs 3",
            "the card reader is in the office",
            "Friday after school is the busiest",
            "on Friday the fair stops at 4 so the boxes can be packed – note it",
            "Gemma will do Wednesday instead of Tuesday",
            "no volunteers needed for pack-up, Scholastic collect it back",
        ),
    ),
    Task(
        ask="Make a list of costumes per child for the Reception nativity — 30 kids, sheep, angels, the lot.",
        nicks=("the costume list", "the nativity costume list", "the Reception costume list"),
        details=("the sheep and angels", "the nativity thing"),
        do="make a costume list per child for the Reception nativity",
        ctx="the Reception nativity is in three weeks and parents are asking what their child is wearing",
        q="could we get a list of who wears what for the Reception nativity?",
        replies=(
            "tea towels for the shepherds, obviously",
            "Ruby is Mary, Jack is Joseph",
            "nobody needs to buy anything new",
            "Freddie's mum asked to switch him from sheep to star",
            "put 'costumes go back home after the last show'",
            "Isla wants to be an angel instead of a sheep, that's fine",
        ),
    ),
    Task(
        ask="Fill in the Co-op Community Fund application for new goalposts for the juniors — £1,200.",
        nicks=("the Co-op application", "the grant form", "the goalposts bid"),
        details=("the £1,200 goalposts", "the Co-op fund thing"),
        do="fill in the Co-op community fund application for £1,200 of goalposts",
        ctx="the junior goalposts are rusted through and the Co-op community fund closes on the 31st",
        q="could we put in to the Co-op community fund for new goalposts? about £1,200",
        replies=(
            "we have 140 junior members",
            "the quote from Samba is £1,180",
            "mention the school uses the pitch too",
            "explain the old posts were condemned and we had to stop using the small pitch",
            "say we had to cancel 6 games last season because of it",
            "ask for the portable ones instead of fixed, the council won't allow fixed",
        ),
    ),
    Task(
        ask="Sort the end-of-season awards list and the trophy engraving order for Saturday's presentation.",
        nicks=("the awards list", "the engraving order", "the trophy order"),
        details=("the end-of-season awards", "the engraving"),
        do="sort the awards list and engraving order for Saturday's presentation",
        ctx="the presentation is Saturday and the engravers need the names by Wednesday",
        q="could we get the awards list done and the engraving sent off for Saturday?",
        replies=(
            "players' player for the U12s is Reuben Okafor",
            "the engraver charges per letter, keep it short",
            "the coach's award is a surprise, keep it off the list that goes out",
            "top scorer goes back to Lewis, he got 2 more on the last day",
            "switch the order so the U8s go first, they get bored",
            "if the hall's not available we move to the clubhouse, no need to change the trophies",
        ),
    ),
    Task(
        ask="Organise the community litter pick along the canal on Saturday — volunteers, bags and grabbers from the council.",
        nicks=("the litter pick", "the canal clean-up", "Saturday's litter pick"),
        details=("the canal thing", "the council grabbers"),
        do="organise the canal litter pick for Saturday, volunteers, bags and grabbers",
        ctx="the canal towpath is a state again and the council say they'll lend us grabbers if we run a litter pick",
        q="could we get a litter pick going on the canal this Saturday?",
        replies=(
            "meet at the lock at 10",
            "the council drop off 20 grabbers on Friday",
            "kids need an adult with them",
            "we stop at the bridge, past there is the other group's patch",
            "if it's tipping it down we do the short loop instead",
            "put 'gloves back in the box at the end' on the sheet",
        ),
    ),
    Task(
        ask="Help me check the DofE bronze group's route cards for the Peak District practice walk, Edale to Castleton.",
        nicks=("the route card check", "the DofE route check", "the Edale route"),
        details=("the Edale to Castleton walk", "the bronze practice"),
        do="check the bronze group's route cards for the Edale to Castleton walk",
        ctx="the bronze DofE group hand their route cards in on Friday and two of them have grid refs that put them in a reservoir",
        q="could we go through the DofE route cards for Edale to Castleton before Friday?",
        replies=(
            "leg 3 is way longer than they've said",
            "they walk at 3km/h, not 4",
            "the check-in point is Hollins Cross",
            "they need an escape route on each leg in case they have to stop early",
            "the second stop is Mam Tor, make sure the timing works",
            "if the weather's bad they switch to the low route via Hope",
        ),
    ),
    Task(
        ask="Chase the DBS checks for the three new volunteer coaches — Tom, Saira and Lee.",
        nicks=("the DBS thing", "the DBS chasing", "the new coaches' DBS"),
        details=("Tom, Saira and Lee's checks", "the safeguarding paperwork"),
        do="chase the DBS checks for Tom, Saira and Lee",
        ctx="Tom, Saira and Lee start coaching in a fortnight and none of their DBS checks have come back",
        q="could we chase up the DBS for Tom, Saira and Lee?",
        replies=(
            "Lee's is on the update service",
            "Saira's ID has been verified",
            "the club welfare officer is Jo if they need a name",
            "they can't coach alone until it's back – they have to stop at helping",
            "Tom's was put on hold because of an address mismatch, find out why",
            "use the online route instead of paper, it's quicker",
        ),
    ),
    Task(
        ask="Write the questions for the PTA quiz night on Friday — 8 rounds of 10, family-friendly.",
        nicks=("the quiz", "the PTA quiz", "Friday's quiz"),
        details=("the 8 rounds", "the PTA quiz night"),
        do="write 8 rounds of family-friendly questions for Friday's PTA quiz",
        ctx="Friday's PTA quiz night has 14 tables booked and our quizmaster has dropped out with no questions written",
        q="could you come up with 8 rounds for the PTA quiz on Friday?",
        replies=(
            "one round on the school itself",
            "picture round please",
            "nothing too hard, there are kids on the teams",
            "do a 'stop the bus' round, it's always a laugh",
            "switch the music round to the end",
            "swap the sport round for TV instead, the dads will moan but whatever lol",
        ),
    ),
    Task(
        ask="Write the text to the U15 parents saying Sunday's match against Wakefield is off because of the waterlogged pitch, and that it'll be rearranged.",
        nicks=("the cancellation text", "the Wakefield message", "the U15 text"),
        details=("the waterlogged pitch message", "the Wakefield called-off text"),
        do="write the U15 parents a text that Sunday's Wakefield game is off (waterlogged pitch)",
        ctx="the ref's just walked the pitch and Sunday's U15 game against Wakefield is off",
        q="could you write a text to the U15 parents that the Wakefield game is off?",
        replies=(
            "say it'll be rearranged, date TBC",
            "training is still on Tuesday",
            "keep it short, they'll read it on their phones",
            "make it clear the game's postponed not cancelled, we'll replay it",
            "say 'called off', parents get confused by 'postponed'",
            "they need to stop messaging me on WhatsApp, can you put 'check the club website for updates'",
        ),
    ),
)

PEOPLE = (
    "Jo",
    "Priya",
    "Sian",
    "Gemma",
    "Bex",
    "Aisha",
    "Tomasz",
    "Kwame",
    "Mrs Okafor",
    "Mr Bell",
    "Coach Dave",
    "Carol",
    "Nadia",
    "Mel",
)
PEOPLE_F = ("Jo", "Priya", "Sian", "Gemma", "Bex", "Aisha", "Mrs Okafor", "Carol", "Nadia", "Mel")
EVENTS = (
    "it's meant to chuck it down all weekend",
    "half the kids are off with the sickness bug",
    "the hall's been double booked",
    "the council have shut the park for tree work",
    "there's an amber weather warning for Saturday",
    "the pitches are frozen solid",
    "the coach driver's gone off sick",
    "the head's had a complaint from a parent",
    "the budget's been slashed again",
    "the boiler's packed in and school's shut Friday",
    "only three people signed up",
    "the insurance won't cover it",
    "the league has called everything off this weekend",
)
CLEARED = (
    "the pitches passed the inspection this morning",
    "the rain's finally stopped",
    "the coach firm rang back",
    "the head's back and she's said yes",
    "the complaint's been sorted",
    "the money came through from the PTA",
    "Jo's feeling better",
    "the council have reopened the park",
)
ANSWERS = (
    "yes that's right",
    "no, just the juniors",
    "the 14th I think",
    "yes go with that one",
    "not sure, will ask Jo",
    "either is fine tbh",
    "yep, 30 max",
    "no, cash is fine too",
    "yes, both classes",
    "morning! yes",
)
DAYS = (
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "the 12th",
    "next Tuesday",
)
EMOJI = ("😅", "🙈", "🙏", "👍", "😂", "🤦‍♀️", "😬", "🙄", "❤️", "💪", "🎉", "😭", "x", "xx")


# --------------------------------------------------------------------------- switch
# {n}/{N}: current task nickname; {nd}/{Nd}: new task "do"; {nc}/{Nc}: new task context;
# {nq}/{Nq}: new task question; {p},{p2}: people; {pf}: a woman; {ev}/{Ev}: an event;
# {ans}/{Ans}: an answer to the agent's question; {e}: emoji; {day}: a day.
_SWITCH: tuple[str, ...] = (
    "ugh {ev} {e} so {n} is pointless now. can you {nd} instead?",
    "morning all! quick one – {nc}. can you look at that before anything else? {N} can wait",
    "{pf} says leave {n} with her, she's got it. Could you {nd}?",
    "yes the second version is fine / actually hang on / {nc} 😬 / can we sort that first and come back to {n} another day",
    "ok so change of plan 🙃 {nq}",
    "Thanks for that! Committee met last night and {n} is going on the back burner till September. What they do want is for you to {nd}.",
    "lol forget {n}, {pf} already did it on her phone at pick-up 🤦‍♀️ while you're here though, {nq}",
    "{Nc}. {Nq}",
    "right, {n} is as done as it's going to get 👍 next: {nd}",
    "Hiya, sorry to do this but {ev} so we're not doing {n} this week. Could you {nd} please? x",
    "omg {nc} 😱😱 drop everything pls and sort it",
    "{p} just rang. {Nc}. So that's the priority now, {n} will have to wait – {nq}",
    "Not to be a pain but can we park {n}? The head wants us to {nd} by tomorrow.",
    "In answer to your question – {ans}. Actually, don't bother finishing {n}, {pf} wants to take it over. Can you {nd}?",
    "I'll do {n} myself tonight on the laptop. For you: {nd} 🙏",
    "Hi all\n{Nc}\nSo could someone (you 😅) get on it\n{N} can sit for now",
    "meh. {n} isn't going anywhere, {ev}. {Nq}",
    "kk so {p2} and {p} both voted to scrap {n} {e} majority rules. can we {nd}",
    "Just out of the staff briefing. {N} is going to the office to deal with, not us. What we've been asked to do is {nd}.",
    "have a feeling {n} is a lost cause tbh. {nc} – could you help with that?",
    "sorry sorry sorry, wrong priority. the urgent one is to {nd}, {n} isn't needed till after half term",
    "park that. {nd}",
    "nvm {n}. {nq}",
    "You know what, let's not. {Nc}, so I'd rather you put your energy into that.",
    "{e} ok big news: {ev}. {n} off. new job: {nd}",
    "Can I just say, {pf} is brilliant, she's finished {n} herself!! So could you {nd}?",
    "Aargh. Parent complaint about {n} (don't ask). The head's pulled it. On a happier note, {nq}",
    "before you go any further – {p} has told me {n} is sorted their end. {Nq}",
    "Thanks, that's lovely. Could we leave the rest of it for now though? {Nc}, and I need your help with that first.",
    "Let's table {n} until the committee meets on {day}. In the meantime, {nd}.",
    "{N} can be a job for the weekend. right now I need you to {nd}",
    "hmm no. scrap that whole thing. {nd} pls",
    "i think we're flogging a dead horse with {n}. can u {nd} instead",
    "Update from {p}: {ev}, so {n} is on ice. Meanwhile {nc} – {nq}",
    "Honestly I don't have the headspace for {n} today. {Nq}",
    "hey, ignore {n}, got something more pressing 😬 {nc}. {nq}",
    "Rather than carry on with {n}, could you {nd}? It's more urgent.",
    "I'm passing {n} to {pf} – she does it every year anyway. Can you {nd} for me?",
    "{pf} has asked if we can prioritise her thing: {nd}. {N} next week.",
    "ok that's {n} as good as it's going to get 😂 now, {nq}",
    "stop there with {n}. {Nd}.",
    "Can we switch to this: {nd}? {N} is waiting on {p} anyway.",
    "Bad news, {ev} 😞 which means {n} isn't happening. Good news, {pf} has offered to help with something else – we need to {nd}. Can you get that started?",
    "wait wait wait. {nc}!!! can you deal with that, sod {n} for now",
    "{N} – {pf} says not this term. We do need to {nd} though, can you?",
    "That's perfect, I'll send it round myself. Next thing: {nd}",
    "Sorry to mess you about! Turns out {nc}. Could you get on that? Hold fire on {n}.",
    "😩 {ev}\n\nso {n} is a no-go\n\n{nq}",
    "ok, {n} is dead in the water. moving on – {nd}.",
    "We've been told {n} comes under the council now, not us 🙄 Could you {nd}?",
    "Never mind, we'll revisit {n} in the new year. Can you {nd}?",
    "{pf} here on {p2}'s phone – she says forget {n} for today and {nd} x",
    "Hi! Re your question, no idea, I'll ask. Bigger issue though: {nc}. Can you sort that? {N} can wait.",
    "don't worry about {n} any more. {nq}",
    "lets leave {n} where it is, good enough. {nd} next pls",
    "Apologies for the radio silence. Plans have changed – {ev}. Can you {nd} rather than {n}?",
    "Got a bit of a curveball. {Nc}. Whatever you're doing on {n}, pause it, and help me with that please.",
    "Coaches' meeting outcome 👇\n- {n}: binned\n- {nd}: ASAP\nthanks!",
    "mate {n} can wait till monday. {nq}",
    "Hi all 👋\n\nSo, update after tonight's committee meeting. Long story short: {ev}, and everyone agreed there's no point carrying on with {n} at the moment. {pf} is going to let the families know.\n\nThe thing they DID want sorted this week is this: {nc}. Could you make a start on that? Happy to answer any questions.\n\nThanks so much, you've been a star x",
)

# ----------------------------------------------------------------------------- stop
_STOP: tuple[str, ...] = (
    "{pf} says she'll take {n} from here, so you can leave it 👍",
    "ugh. {ev}. {N} is off. thanks anyway x",
    "Let's leave {n} until after half term.",
    "Committee voted no on {n}, sorry! Don't spend any more time on it.",
    "lol never mind, {pf} already did {n} 🙈",
    "Hold fire on {n} please – waiting to hear back from {p}.",
    "not today. {n} can wait",
    "Honestly, forget it. Nobody reads these things anyway 😂",
    "The head says we're not allowed to do {n} this year (insurance {e}). So that's that.",
    "I'll finish {n} myself tonight, you've done plenty, thank you!!",
    "can we just... not. {n} is doing my head in. leave it",
    "Parent complaint landed this morning and {n} has been pulled. Sorry for wasting your time 😔",
    "put {n} on the back burner for now pls",
    "ok {p2} and I chatted at pick-up and we're going to shelve {n} till spring",
    "Thank you but we won't need {n} after all – {ev}.",
    "That's enough on {n} for today, I'm shattered. Maybe another time.",
    "stop stop stop 😅 {pf} has done it already",
    "{N} → {pf}. She's got it. 🙏",
    "Hi, just to say the school office are handling {n} now so no need for us to do anything.",
    "Parking {n}. Too much else on this week.",
    "leave it there. we'll see what {p} says at the meeting on {day}",
    "Yeah I think we'll call it a day on {n}. Thanks for trying though",
    "{ev} 😭😭 so that's {n} out the window",
    "Sorry, false alarm – {p} says {n} isn't needed this term after all.",
    "You can drop {n}, {pf}'s husband is sorting it at work.",
    "no more on {n} for now pls, the committee wants to discuss it first",
    "I'm going to hand {n} back to {pf}, it's really her job {e}",
    "Ah thanks for the effort but the whole thing's on hold till we hear from the council.",
    "We're pulling the plug on {n}. Not enough interest.",
    "ok so {ev}. we'll have to revisit {n} at some point but not now",
    "Morning! Slight change: we're not doing {n} after all. {p} will explain at the meeting. Thanks for all your help x",
    "Let's pause {n} completely until I've spoken to {p}. Nothing else for now.",
    "kk leaving {n} for now. {p} might pick it up next week",
    "ngl I think {n} is dead. {ev} and nobody's replied. let's leave it",
    "cancel {n} pls 🙏",
    "Shall we just leave {n}? Actually yes, let's leave it. Thanks!",
    "Thanks for this. I've decided to hold off on {n} until we know numbers, so nothing more needed at the moment.",
    "I've had a word with {pf} and she'd rather do {n} herself – she's got her own way of doing it. Cheers though!",
    "{Day} is a no-go now ({ev}) so scrap {n}.",
    "We'll come back to {n} in September x",
    "Just seen the email from {p}. {N} is postponed indefinitely 😑",
    "yeah no, not worth it. leave {n}",
    "{pf}: 'can you tell the AI I've got {n}' 😂 so... consider yourself told",
    "Oh hang on – before you do any more on {n}: it's been moved to next term, so don't worry about it for now.",
    "Hiya, sorry for the essay 🙈\n\nJust been on the phone with {pf} for nearly an hour. {Ev}, and on top of that the head is dealing with a parent complaint from Friday. Basically we've agreed {n} isn't going ahead this term. Maybe next year.\n\nSo no need to do any more on it. Thank you for all the work so far, genuinely x",
)

# --------------------------------------------------------------------------- resume
# {n}/{N}: the task done in between; {s}/{S}: the stopped task's nickname; {sd}: a detail
# of the stopped task; {evc}/{Evc}: an event that has cleared.
_RESUME: tuple[str, ...] = (
    "ok {n} is done 🎉 back to {s}",
    "right, where were we with {s}?",
    "Lovely, thank you. Now the other thing from Monday – can we pick that up again?",
    "{pf} says {s} is back on! can you carry on where you left off",
    "{evc} ☀️ so {s} is happening after all. let's crack on with it",
    "That's that sorted. What we parked earlier – let's have another go.",
    "Hi again! Remember {sd}? Committee said yes, so let's get it finished.",
    "ok, now {s} again pls",
    "back to {sd} 🙏",
    "{pf} has changed her mind (of course 🙄) – she wants {s} after all. Where had we got to?",
    "Fab. Can we go back to what we were doing before {n} hijacked the morning?",
    "The head's approved it, so {s} is a go again. Pick it up from where we stopped?",
    "okkk that's {n} put to bed. now the one we shelved",
    "now that's out of the way… {s}. where were we 😅",
    "Let's unpark {s}.",
    "{S} – can we resume? {p} is chasing me",
    "So {pf} couldn't do {s} after all 🙃 it's back with us. Carry on from your last version?",
    "Thanks! Right – {sd}. Still need it. Where did we leave it?",
    "ok so turns out we do need {s}. sorry for the back and forth!!",
    "Is {n} finished? Great. Back to the earlier job then.",
    "I know I said leave it, but can we look at {s} again?",
    "Good – now, the thing we put on hold last week. Let's get it done.",
    "{Evc}, so {s} is back on the table. Carry on?",
    "and now, as promised, {s} 😂",
    "Can you dig out what you'd done on {s}? We're going ahead with it.",
    "the other one pls. the one from before. you know the one 😂",
    "Great, that's sent. Now {s} – you'd got about halfway I think?",
    "{p} and {p2} have sorted the money, so {s} is back on 🎉 let's finish it",
    "Back to {s}. Same as before, nothing's changed.",
    "Sorry, {n} took forever. Let's get {s} over the line now.",
    "right, we never finished {sd} did we. can we?",
    "picking {s} back up, where had we got to",
    "Yes that's fine for {n}. Now what about the first thing I asked you for this morning? Let's get that done too",
    "Morning! New day, let's get back into {s} 💪",
    "That's all for {n}. Could you return to {sd}?",
    "hi its me again. the thing we dropped on friday, {pf} wants it after all. carry on pls",
    "Over to {s} again – {p} has the numbers now.",
    "OK the complaint's been dealt with and we've had the go-ahead for {s} again. Can you carry on?",
    "{Evc}!! so… that thing we gave up on? not dead after all. same as before pls",
    "{Ans}. And while I think of it, {sd} – {pf} says it's happening after all, so finish it off?",
    "Morning!\n\nRight, that's {n} finished and sent, thank you – {pf} is delighted.\n\nNow. You might remember we shelved something last week when everything kicked off. Good news – it's back on. Could you pick it back up? I think we'd got about halfway.",
    "{S} again please, {pf} found the paperwork",
)

# ---------------------------------------------------------------------------- reply
# {o}: another task's nickname (a parked task mentioned in passing; it is not resumed).
_REPLY: tuple[str, ...] = (
    # plain
    "yes go for it 👍",
    "perfect thank you!!",
    "how's {n} going?",
    "{pf} says make sure her name's on {n} somewhere as the contact",
    "sorry was doing the school run. yes go with the second option",
    "Could you make it a bit shorter? Nobody reads long messages in the parents' group 😂",
    "typo in the second line I think – should be {day} not {day2}",
    "love it ❤️",
    "any chance you can have {n} done by {day}?",
    "Just checking – are you using the numbers from {p}'s spreadsheet for {n}?",
    "can u add a line saying contact {p} with any questions",
    "omg you're a lifesaver 🙏🙏",
    "hmm not sure about the wording. bit formal? these are parents not the council lol",
    "{pf} asked when {n} will be ready, what shall I tell her?",
    "keep going, it's looking good",
    "Sorry, one correction: it's {p2} not {p} who's doing the money.",
    "Does {n} need to go past the head first or can we just send it?",
    "Yes to all three questions 😊",
    "ok and the deadline for replies is {day}, can you put that in",
    "thx. can you do a shorter version for the WhatsApp group as well",
    "where are we at with {n}?",
    "Great start. A couple of things: first names only, and put the date in bold.",
    "can you double check the dates against the school calendar",
    "ahh this is brilliant, {pf} will be so relieved",
    "just FYI {p} is off sick this week so leave them out of {n}",
    "what do you need from me to finish {n}?",
    "Am I right that {n} covers everyone, or just the ones who've replied?",
    "no rush on {n} btw",
    "can you put it in a table so I can paste it straight in",
    "👍👍 thanks so much",
    "brill, carry on",
    "{p} agrees, go for it",
    "Hi, sorry, been at work all day and only just catching up on this 😅\n\nRe {n}: I showed {pf} at pick-up and she had a couple of thoughts. Mainly it's a bit long, and she thinks people will skim it on their phones. Could you tighten it up? Also make sure there's a contact number at the end – use mine, 07700 900{num}.\n\nOtherwise great, thank you!!",
    # look-alikes
    "Don't stop at one draft of {n} – give me a couple of options",
    "Can you add 'this may be cancelled at short notice due to weather' to {n}? just in case",
    "instead of {p} put {p2} as the contact",
    "go back to the earlier wording please, I preferred it",
    "sorry I paused for ages there, kids 🙄 where were we on {n}? carry on",
    "Is {o} still on hold? don't do anything about it, just wondering what to tell {pf}. carry on with {n}",
    "Can we switch the order round so the important bit is first?",
    "Pls cancel that last change, I liked it better before",
    "no don't drop anything from {n}, keep it all in",
    "stop apologising lol, it's fine! just carry on with {n}",
    "can we aim for later today rather than tomorrow – for {n} I mean. doable?",
    "put a line at the bottom: 'If this is cancelled you'll get a text by 7am'",
    "if anything changes we'll pause it, not cancel – can {n} say that?",
    "could you switch {p} and {p2} round",
    "no rush – if you get stuck we can pick this up after tea, but keep going for now",
    "back to your question – yes, the amount is per child",
    "I'd rather you did {n} instead of me honestly, you're much quicker 😂",
    "{pf} says stop overthinking it 😂 the first version of {n} is fine, just tidy it up",
    "the later version is better. go with that one for {n}",
    "I'll pause here and let you crack on 😊 shout if you need anything",
    "don't worry about the other stuff we parked, that's for another day. just {n} for now 👍",
    "Sorry my kid grabbed the phone 🙈 ignore the 'stop stop stop' lol. keep going",
    "switching phones so I might go quiet for a bit. keep going on {n} though!",
    "no need to cancel anything, {pf} was just panicking 😂 carry on with {n}",
    "what happens if we have to cancel last minute? does {n} cover that?",
    "I stopped reading at the third paragraph tbh 😂 can you cut it down",
    "go back up to the top bit – the date's wrong",
    "Committee voted 7-2 to keep {n} as it is, so carry on 😊",
    "{pf} wanted to cancel {n} but we talked her round 😂 so full steam ahead",
    "we nearly scrapped {n} last night lol. glad we didn't. carry on",
    "don't worry, {n} isn't on hold or anything, I was just slow replying",
    "is {o} still parked? yes? ok good, just checking. keep going with {n}",
    "Just to say, {pf} popped in and asked whether we should be stopping everything because of the bug going round. The head says no, it's business as usual, so carry on with {n} as planned 👍",
)

# Wrappers for task-specific replies: {r} is the reply as written, {R} capitalised.
_WRAP: tuple[str, ...] = (
    "{r}",
    "{r}",
    "{r}",
    "{R}",
    "oh and {r}",
    "{pf} says {r}",
    "sorry one more thing – {r}",
    "{Ans}. {R}",
    "re {n}: {r}",
    "👍 / {r}",
    "also {r}",
    "Thanks, looks good. {R}",
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    p, p2 = rng.sample(PEOPLE, 2)
    day, day2 = rng.sample(DAYS, 2)
    ev = rng.choice(EVENTS)
    evc = rng.choice(CLEARED)
    ans = rng.choice(ANSWERS)
    n = rng.choice(cur.nicks)
    s = rng.choice(other.nicks)
    return {
        "n": n,
        "N": _cap(n),
        "nd": other.do,
        "Nd": _cap(other.do),
        "nc": other.ctx,
        "Nc": _cap(other.ctx),
        "nq": other.q,
        "Nq": _cap(other.q),
        "s": s,
        "S": _cap(s),
        "o": s,
        "sd": rng.choice(other.details),
        "p": p,
        "p2": p2,
        "pf": rng.choice(PEOPLE_F),
        "ev": ev,
        "Ev": _cap(ev),
        "evc": evc,
        "Evc": _cap(evc),
        "ans": ans,
        "Ans": _cap(ans),
        "e": rng.choice(EMOJI),
        "day": day,
        "Day": _cap(day),
        "day2": day2,
        "num": f"{rng.randrange(100, 1000)}",
    }


def _pick(rng: random.Random) -> tuple[Task, Task]:
    cur, other = rng.sample(_TASKS, 2)
    return cur, other


def _make(kind: str, template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = _pick(rng)
        text = template.format_map(_slots(rng, cur, other))
        return {
            "kind": kind,
            "text": text,
            "current_task": cur.ask,
            "stopped_task": other.ask if kind == "resume" else None,
        }

    return build


def _make_specific(task: Task, reply: str) -> Builder:
    def build(rng: random.Random) -> Case:
        other = rng.choice([t for t in _TASKS if t is not task])
        slots = _slots(rng, task, other)
        slots["r"] = reply
        slots["R"] = _cap(reply)
        text = rng.choice(_WRAP).format_map(slots)
        return {"kind": "reply", "text": text, "current_task": task.ask, "stopped_task": None}

    return build


def _builders() -> dict[str, list[Builder]]:
    out: dict[str, list[Builder]] = {
        "switch": [_make("switch", t) for t in _SWITCH],
        "stop": [_make("stop", t) for t in _STOP],
        "resume": [_make("resume", t) for t in _RESUME],
        "reply": [_make("reply", t) for t in _REPLY],
    }
    for task in _TASKS:
        out["reply"].extend(_make_specific(task, r) for r in task.replies)
    return out


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


_SUBS = ((r"\bplease\b", "pls"), (r"\bthanks\b", "thx"), (r"\byou\b", "u"), (r"\bare\b", "r"))


def _typo(text: str, rng: random.Random) -> str:
    words = list(re.finditer(r"[A-Za-z]{5,}", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    swapped = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return text[: m.start()] + swapped + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    """Group-chat noise applied to some cases; never changes what the message means."""
    if rng.random() < 0.18:
        text = text.lower()
    if rng.random() < 0.15:
        for pat, rep in _SUBS:
            text = re.sub(pat, rep, text, flags=re.IGNORECASE)
    if rng.random() < 0.12:
        text = text.replace("'", "").replace("’", "")
    if rng.random() < 0.08:
        text = _typo(text, rng)
    if rng.random() < 0.08 and "\n" not in text:
        text = text.replace(". ", " / ")
    if rng.random() < 0.1:
        text = text.rstrip(". ") + " " + rng.choice(EMOJI)
    return text


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
            key = _norm(text)
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
