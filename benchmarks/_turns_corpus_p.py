# ruff: noqa: E501
"""Held-out corpus ``p`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Provenance (blind rules). This file was written without opening, grepping or running anything
under ``/work/main/src/``, ``/work/main/tests/`` or ``/work/main/benchmarks/results/``, and
without opening ``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py``,
``bench_turns.py`` or any ``benchmarks/_turns_corpus_*.py`` other than ``_turns_corpus_d.py``.
Of ``_turns_corpus_d.py`` only lines 1-45 (docstring, ``KINDS``, ``PLAN``), its ``generate``
function and its ``__main__`` self-check were read, to copy the interface; none of its wording
is reused. No other helper's file in ``/work/corpora_new/`` was opened. packlight was never run
on this corpus and nothing here was tuned against any classifier.

Interface. ``generate(seed)`` returns 600 cases (180 switch, 120 stop, 120 resume, 180 reply),
deterministic per seed and shuffled with ``random.Random(seed)``. Each case is a dict with
``kind``, ``text`` (the person's message), ``current_task`` (the task in force before the
message, as the sentence the person first used to ask for it) and ``stopped_task`` (for a
resume, the earlier stopped task now taken up again, as first asked; else ``None``; for a
resume ``current_task`` is the other task done in between). A normalised text (lowercased,
punctuation and emoji removed, whitespace collapsed) occurs at most once in a draw, so the
same text never appears under two kinds.

Authorship choices.

- Register: students, hobbyists and gamers typing casually. Emotional and sarcastic tone,
  rhetorical questions that really switch ("can we do the itinerary now? the essay can wait"),
  internet slang (ngl, idc, lowkey, fr, bruh), typos, stretched letters ("pleaseee"), texting
  abbreviations, emoji, shouting, and Spanglish / Hinglish code-switching (yaar, chhodo,
  baad mein, porfa, olvídalo, volvamos...), both inside templates and as register noise
  applied to roughly half of the messages.
- Domains: homework (history essay, calc problem set, chem lab report, Gatsby analysis, bio
  flashcards, group slides), a thesis chapter, a college application essay, a D&D one-shot, a
  Minecraft build, recipes and meal prep, trip itineraries, workout and running plans,
  fan-fiction chapters, playlists and guitar practice, language-learning plans, a budget
  spreadsheet, a surprise party and a chore chart, game help (Hollow Knight, Pokémon VGC), a
  cosplay build and a hobby Discord bot: 31 tasks, each with several nicknames the person uses.
- Switch: the current task is dropped or set aside and another asked for in the same message,
  mostly without the words stop / instead / switch (forget, scrap, can wait, on ice, a tomorrow
  problem, not today, chhodo, olvídate...). The new task is requested with one of its own ask
  clauses or nicknames. Stop: halts, cancels or pauses, asking nothing new (some with no
  nickname at all). Resume: goes back to the stopped task by nickname or by anaphora ("the
  other thing from before"); the in-between task is sometimes mentioned as done.
- Reply: answers and extra details, corrections, add-on requests, status questions, thanks and
  reactions, and HARD LOOK-ALIKES (a fixed 40% of replies, 72 of 180; the self-check asserts at least a
  third) whose stop / cancel / pause / drop / hold / kill / switch / resume / back / instead
  words are the subject matter of the task in force (a recipe step "stop stirring after 2 min",
  a bot's /pause command, a playlist where "the beat drops", the Tsar cancelling mobilisation).
  Every reply line is written for one task and is only drawn under that task.
- Cases are built by seeded slot filling (templates x nicknames x ask clauses x reasons x
  preambles / closers / wrappers) and then optional register noise.

``python _turns_corpus_p.py`` runs the self-check and prints 10 random samples per kind.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))

LOOKALIKE_WORDS = (
    "stop",
    "cancel",
    "pause",
    "drop",
    "hold",
    "held",
    "kill",
    "switch",
    "resum",
    "back",
    "instead",
)


@dataclass(frozen=True)
class Task:
    """One task a person can ask for, with the ways they talk about it."""

    key: str
    domain: str
    first: str
    refs: tuple[str, ...]  # nicknames; a trailing "+" marks a plural noun phrase
    asks: tuple[str, ...]  # imperative clauses asking for it as a new task
    details: tuple[str, ...]  # answers / extra details that fit it
    fixes: tuple[str, ...]  # corrections to earlier details
    addons: tuple[str, ...]  # add-on requests that leave it running
    looks: tuple[str, ...]  # hard look-alikes: control words as the task's own content


TASKS: tuple[Task, ...] = (
    Task(
        "ww1_essay",
        "homework",
        "can you help me write my history essay on the causes of WW1? 1500 words, due friday",
        ("the essay", "the ww1 essay", "my history essay", "the history thing", "the WW1 thing"),
        (
            "help me with my history essay on what caused WW1",
            "outline a 1500 word essay on the causes of WW1 for me",
            "help me get started on the WW1 essay for history",
        ),
        (
            "it's for AP euro btw",
            "teacher wants MLA and at least 5 sources",
            "my thesis is basically that the alliance system made it inevitable",
            "she said no wikipedia as a source lol",
        ),
        ("wait it's 1200 words not 1500", "actually it's due thursday, not friday"),
        (
            "can u add a counterargument paragraph",
            "throw in a bit about the Schlieffen plan if it fits",
        ),
        (
            "in the intro say the alliances made it impossible to stop the war once it started",
            "add how Austria-Hungary refused to back down after the assassination",
            "mention the blank cheque, Germany promising to back Austria no matter what",
            "add the part where the Tsar cancelled the general mobilisation and then resumed it the next day",
            "can you explain why nobody could cancel mobilisation once the trains were rolling?",
            "drop the paragraph about colonies into the second body section, it fits there better",
        ),
    ),
    Task(
        "calc_pset",
        "homework",
        "can you walk me through my calc 2 problem set? it's mostly integration by parts",
        ("the calc homework", "the pset", "the calc stuff", "my problem set", "the integrals+"),
        (
            "walk me through my calc 2 integration problems",
            "help me with my integration by parts problem set",
            "explain integration by parts so i can do my calc homework",
        ),
        (
            "my prof wants every step shown or it's zero credit",
            "we're allowed to use a table of integrals",
            "there's 12 problems and i already did 1 to 3",
        ),
        ("wait #5 is e^x times sin(x), not cos", "oops i copied #7 wrong, it's x² ln(x)"),
        (
            "also show how to check the answer by differentiating",
            "a quick trick for picking u would help too",
        ),
        (
            "when do i stop doing integration by parts on #6? it keeps going forever",
            "can i switch u and dv on #4 or does that break it?",
            "on #8 do i drop the +C till the very end?",
            "why does the tabular method stop when the derivative column hits zero?",
            "go back to the step where the sign switched, i don't get it",
        ),
    ),
    Task(
        "chem_lab",
        "homework",
        "help me write up my chem lab report on the titration we did",
        ("the lab report", "the titration report", "my chem report", "the chem lab thing"),
        (
            "help me write the lab report for our titration lab",
            "write up my chem titration report with me",
        ),
        (
            "we used 0.1 M NaOH and it took about 24.3 mL to hit the endpoint",
            "the format is intro, methods, results, discussion",
            "my lab partner already made the graph",
        ),
        ("sorry it was 25.1 mL not 24.3", "actually the acid was HCl, not acetic acid"),
        ("add a sources of error section", "can u include the percent error calculation"),
        (
            "in methods write that we stopped adding NaOH once it turned faint pink",
            "mention we had to pause the titration because the burette was leaking",
            "say we switched from phenolphthalein to methyl orange for trial 2",
            "add that trial 3 was cancelled bc we overshot the endpoint",
            "write that we held the flask over white paper to see the colour change",
        ),
    ),
    Task(
        "gatsby",
        "homework",
        "help me analyze the symbolism in The Great Gatsby for my english class",
        ("the gatsby thing", "the english homework", "the gatsby analysis", "my english hw"),
        (
            "help me analyze the symbols in The Great Gatsby",
            "break down the symbolism in Gatsby for my english class",
        ),
        (
            "we're supposed to focus on 3 symbols max",
            "my teacher loves when we quote the actual text",
            "it's a 2 page response, not a full essay",
        ),
        (
            "wait i meant the valley of ashes, not the eyes",
            "actually it's 3 pages now, she changed it",
        ),
        ("add page numbers for the quotes if u can", "also a one-line thesis i can build from"),
        (
            "add how gatsby can't stop reaching for the green light",
            "talk about the last line, boats borne back ceaselessly into the past",
            "mention how Daisy switches back to Tom after the hotel scene",
            "include the clock he almost knocks off the mantel, like time stopping for him",
            "say something about how Tom and Daisy just drop everything and leave at the end",
        ),
    ),
    Task(
        "bio_cards",
        "homework",
        "make me flashcards for my bio midterm, it's on cellular respiration",
        ("the flashcards+", "the bio cards+", "the bio midterm stuff", "the anki deck"),
        (
            "make me flashcards on cellular respiration for bio",
            "help me make an anki deck for my bio midterm",
        ),
        (
            "the midterm is multiple choice plus 2 short answers",
            "keep each card short, i'm putting them in anki",
            "we didn't cover photosynthesis so skip that",
        ),
        ("wait the test is tuesday so i need them by sunday", "sorry, it's 40 cards max not 60"),
        ("add a couple of diagram cards for the ETC", "also a card with the ATP totals per stage"),
        (
            "add a card on what happens when oxygen runs out and the electron transport chain stops",
            "make a card on how cyanide kills cells by blocking complex IV",
            "a card on why glycolysis slows down or pauses when ATP is high",
            "add one on how cells switch to fermentation without oxygen",
            "drop the cards on krebs cycle intermediates, prof said they're not on the test",
        ),
    ),
    Task(
        "climate_slides",
        "homework",
        "help me make slides for our group presentation on climate migration",
        ("the slides+", "the group presentation", "the climate slides+", "the group project"),
        (
            "help me make slides for a group presentation on climate migration",
            "put together a slide deck on climate migration for my group",
        ),
        (
            "it's 10 minutes and there's 4 of us presenting",
            "we're using google slides",
            "our prof hates walls of text on slides",
        ),
        ("wait it's 12 minutes, not 10", "actually Priya is doing the intro, not me"),
        ("add speaker notes under each slide", "can u suggest some images for the title slide"),
        (
            "add a slide on what happens if countries cancel their climate pledges",
            "in the speaker notes for slide 5 write 'pause for questions'",
            "switch slides 3 and 4, the order is weird",
            "drop the boring stats slide and put a map",
            "add a slide on people who move back home after the floods",
        ),
    ),
    Task(
        "thesis_ch2",
        "thesis",
        "I need help drafting chapter 2 of my thesis, the literature review on urban heat islands",
        ("the thesis chapter", "chapter 2", "the lit review", "the thesis stuff", "ch 2"),
        (
            "help me draft the lit review chapter of my thesis on urban heat islands",
            "start on my thesis chapter reviewing the urban heat island literature",
        ),
        (
            "my advisor wants it around 8000 words",
            "APA 7 pls",
            "the core sources are Oke 1982 plus a bunch of remote sensing papers",
        ),
        (
            "wait, the focus is tropical cities specifically, forgot to say",
            "actually it's chapter 3 in the new outline, same content",
        ),
        ("flag any gaps in the literature you notice", "add a summary table of the key studies"),
        (
            "add a section on how cities try to stop heat building up, like green roofs",
            "include the studies where the effect switches to a cool island during the day in desert cities",
            "mention that park cooling drops off after a couple hundred metres",
            "drop the Oke paragraph to the second half, it fits better there",
            "note that we hold building height constant across the comparisons",
        ),
    ),
    Task(
        "college_essay",
        "applications",
        "help me brainstorm my Common App essay, I want to write about my grandma's restaurant",
        ("the college essay", "the common app essay", "my personal statement", "the app essay"),
        (
            "help me brainstorm my common app essay about my grandma's restaurant",
            "help me start my personal statement for college apps",
        ),
        (
            "the limit is 650 words",
            "the restaurant is a tiny dumpling place in Queens",
            "i want it to sound like me, not like a robot",
        ),
        (
            "wait it was my grandpa who started it, grandma took over",
            "sorry, the place is in Flushing not Jackson Heights",
        ),
        ("add a hook for the first line", "can you suggest a title even tho it's optional"),
        (
            "write the part where covid almost shut it down and she refused to stop",
            "the ending should circle back to the dumpling scene from the start",
            "mention i had to pause school for a semester to help out",
            "add the time she held the door open for the whole block during the blackout",
            "include how i switched from hating the restaurant to loving it",
        ),
    ),
    Task(
        "dnd_oneshot",
        "tabletop",
        "help me plan a D&D one-shot for my friends, level 3, spooky swamp vibe",
        ("the one-shot", "the D&D thing", "the campaign", "the swamp one-shot", "my dnd session"),
        (
            "help me plan a spooky swamp D&D one-shot for level 3s",
            "write me a dnd one-shot set in a haunted swamp",
            "prep a D&D session for my friends, swamp horror vibe",
        ),
        (
            "it's 4 players, a rogue, a cleric, a wizard and a barbarian",
            "we usually play like 3 to 4 hours",
            "one of my players hates combat-heavy stuff",
        ),
        (
            "wait they're level 4 now, they levelled last session",
            "actually 5 players, my cousin is joining",
        ),
        ("give me a couple of NPC names too", "add a puzzle somewhere in the middle"),
        (
            "the hag should try to stop the party from reaching the altar",
            "add a bit where the rope bridge snaps and they have to switch routes",
            "what if the villain is holding the mayor's kid hostage?",
            "i want a trap that could kill a careless player but gives a warning first",
            "the party should be able to cancel the ritual by ringing the bell",
            "make the boss pause mid-fight to monologue lol",
        ),
    ),
    Task(
        "mc_castle",
        "minecraft",
        "can you help me design a medieval castle for my minecraft survival world?",
        ("the castle", "the minecraft build", "the castle build", "my mc castle"),
        (
            "help me design a medieval castle for my minecraft world",
            "give me a block palette and layout for a minecraft castle",
        ),
        (
            "i'm on java 1.20, survival",
            "i have a ton of deepslate and spruce",
            "it's going on a hill next to a river",
        ),
        ("oops it's bedrock, not java", "actually make it smaller, like 40 by 40"),
        ("add a secret room pls", "also show where the farms should go"),
        (
            "how do i make the drawbridge redstone stop extending halfway?",
            "add a switch by the gate that opens the portcullis",
            "i need a way to stop creepers spawning in the courtyard",
            "can the lava moat be drained and turned back on with a lever?",
            "put a kill chamber under the mob tower",
            "how do i pause the item sorter when the chests are full?",
        ),
    ),
    Task(
        "biryani",
        "cooking",
        "can you give me a chicken biryani recipe that a broke college student can actually make?",
        ("the biryani", "the recipe", "the biryani recipe", "dinner"),
        (
            "give me a cheap chicken biryani recipe",
            "help me make biryani in a dorm kitchen",
        ),
        (
            "i only have a rice cooker and one pan",
            "no saffron, too expensive lol",
            "it's for 4 people",
        ),
        ("wait i have basmati, not jasmine", "actually make it for 6"),
        ("add a quick raita to go with it", "tell me what i can prep the night before"),
        (
            "in step 3 write stop stirring after 2 min or the rice breaks",
            "when do i drop the heat to low?",
            "should i hold the chicken in the marinade overnight?",
            "can i switch the chicken for paneer if my roommate eats with us?",
            "my mom says kill the flame before adding the fried onions, put that in",
        ),
    ),
    Task(
        "vegan_cookies",
        "cooking",
        "help me bake vegan chocolate chip cookies for the club bake sale",
        ("the cookies+", "the bake sale stuff", "the cookie recipe", "the vegan cookies+"),
        (
            "help me bake vegan chocolate chip cookies",
            "give me a vegan cookie recipe for a bake sale",
        ),
        (
            "need like 3 dozen",
            "i have coconut oil but no vegan butter",
            "one of the club people is allergic to nuts",
        ),
        ("wait i only have 2 cups of flour", "sorry, 2 dozen is enough"),
        ("add how to package them so they look cute", "also a price per cookie suggestion"),
        (
            "when do i pull them out so they stop spreading?",
            "can i switch the flax egg for applesauce?",
            "drop the sugar by a quarter cup, they're too sweet",
            "how long do i hold the dough in the fridge?",
            "what if i bake them on the back rack instead of the middle?",
        ),
    ),
    Task(
        "meal_prep",
        "cooking",
        "make me a cheap high-protein meal prep plan for the week",
        ("the meal prep", "the meal plan", "meal prep stuff", "the prep plan"),
        (
            "make me a cheap high protein meal prep plan",
            "plan my meal prep for the week, high protein and cheap",
        ),
        (
            "budget is like $50 for the week",
            "i have a microwave and a tiny fridge",
            "i don't eat pork",
        ),
        ("wait i need 6 days, not 5", "actually 140g protein a day, not 120"),
        ("add a grocery list", "also some snack ideas between classes"),
        (
            "hold the sauce till i reheat it so nothing gets soggy",
            "switch the chicken for tofu on thursday",
            "drop the quinoa, it's too pricey",
            "how many days before i have to stop eating the prepped rice?",
            "cancel the salmon day, put eggs there",
        ),
    ),
    Task(
        "tokyo_trip",
        "travel",
        "plan me a 5-day Tokyo itinerary, I'm a student on a tight budget",
        ("the itinerary", "the tokyo trip", "the trip plan", "japan planning", "the tokyo thing"),
        (
            "plan a cheap 5 day tokyo itinerary for me",
            "help me map out 5 days in Tokyo on a student budget",
        ),
        (
            "i land at Haneda at 6am on day 1",
            "budget is like $80 a day not counting the hostel",
            "i'm really into anime and thrift stores",
        ),
        ("wait it's 6 days, i extended", "actually i'm staying in Asakusa, not Shinjuku"),
        ("add cheap eats near each spot", "also a rainy day backup"),
        (
            "which train stops at Akihabara from Asakusa?",
            "do i need to switch lines at Ueno?",
            "add a stopover in Kamakura on day 4",
            "if it rains, cancel the Mt Takao hike and put a museum there",
            "where can i hold my luggage after checkout on the last day?",
            "what time is the last train back to the hostel?",
        ),
    ),
    Task(
        "nola_roadtrip",
        "travel",
        "help me plan a spring break road trip from Austin to New Orleans with 3 friends",
        ("the road trip", "spring break", "the NOLA trip", "the roadtrip plan"),
        (
            "help me plan a road trip from Austin to New Orleans",
            "plan our spring break drive to New Orleans",
        ),
        (
            "we have one car, a 2012 civic lol",
            "we leave friday morning",
            "two of us are 21 and two aren't",
        ),
        ("wait we're 4 total including me, not 5", "actually leaving thursday night now"),
        (
            "add a cheap place to stay in the French Quarter",
            "also a playlist suggestion for the drive",
        ),
        (
            "where should we stop for gas around the halfway point?",
            "add a pit stop in Houston for food",
            "we want to switch drivers every 2 hours, can you fit that in",
            "drop the swamp tour if it's over $40",
            "what time should we head back on sunday to make it by night?",
        ),
    ),
    Task(
        "dumbbell_split",
        "fitness",
        "make me a 4-day workout plan to build muscle, I only have dumbbells at home",
        ("the workout plan", "the gym plan", "the split", "my routine", "the workout thing"),
        (
            "make me a 4 day dumbbell workout plan",
            "build me a home workout split with just dumbbells",
        ),
        (
            "dumbbells go up to 25 kg",
            "i'm 19 and been lifting for like 3 months",
            "my left knee is kinda bad",
        ),
        ("wait make it 3 days, i have class thursdays", "actually my heaviest pair is 30 kg"),
        ("add a warmup for each day", "also some stretches for after"),
        (
            "should i stop the set when my form breaks or push through?",
            "how long do i pause at the bottom of the squat?",
            "can we switch bulgarian splits for lunges, my knee hates them",
            "add a hold at the top of the curls",
            "drop set on the last set of lateral raises pls",
            "how long should i rest before going back to the first exercise in the circuit?",
        ),
    ),
    Task(
        "c25k",
        "fitness",
        "make me a couch to 5k plan, my first race is in 8 weeks",
        ("the running plan", "the 5k plan", "couch to 5k", "the running thing"),
        (
            "make me a couch to 5k plan for a race in 8 weeks",
            "help me train for my first 5k",
        ),
        (
            "i can run maybe 5 minutes straight right now",
            "i can do 3 runs a week",
            "the race is on a hilly course",
        ),
        ("wait the race is in 9 weeks, i misread", "actually i can do 4 runs a week"),
        ("add a cooldown after each run", "also what to eat the morning of the race"),
        (
            "in week 1, when do i stop running and walk?",
            "add a note to pause the plan for a few days if my shins hurt",
            "should i switch to the treadmill when it rains?",
            "put in a run where i hold a steady pace the whole time",
            "can week 6 be an out-and-back route so i learn pacing?",
        ),
    ),
    Task(
        "pjo_fic",
        "fanfic",
        "help me write chapter 7 of my Percy Jackson fanfic, the one where Nico finally confronts Hades",
        ("the fic", "chapter 7", "the fanfic", "the nico chapter", "my fic"),
        (
            "help me write chapter 7 of my percy jackson fic",
            "draft the nico vs hades chapter of my fanfic",
        ),
        (
            "it's on AO3, rated T",
            "nico is 16 in this AU",
            "i write in present tense, third person",
        ),
        (
            "wait Hazel is in this scene too, forgot",
            "actually set it in Persephone's garden, not the throne room",
        ),
        ("add some banter with Will at the start", "end on a cliffhanger pls"),
        (
            "Nico should yell 'stop' right before Hades raises the skeletons",
            "write the part where Hades pauses and almost apologizes",
            "what if Persephone tries to cancel the deal?",
            "make Nico drop his sword at the very end",
            "switch to Hades's POV for the last scene",
            "have Hades tell him he can't just walk back into the palace like nothing happened",
        ),
    ),
    Task(
        "stardew_fic",
        "fanfic",
        "write the next chapter of my Stardew Valley fanfic, the one where the farmer's barn burns down",
        ("the stardew fic", "the barn chapter", "the stardew chapter", "my stardew thing"),
        (
            "write the next chapter of my stardew valley fic",
            "help me write the barn fire chapter of my stardew fanfic",
        ),
        (
            "the farmer is married to Sebastian in this one",
            "keep it cozy even tho there's a fire",
            "chapters are usually around 2k words",
        ),
        (
            "wait it's the coop that burns, not the barn",
            "actually Abigail is the one who spots the smoke",
        ),
        ("add a scene at the saloon after", "put in a bit where Pierre is annoying about it lol"),
        (
            "the townspeople should form a bucket line to stop the fire spreading",
            "have Sebastian hold the farmer back from running inside",
            "make Robin cancel her other builds to help rebuild",
            "the chickens should all come back on their own at the end",
            "what if Clint says he can't switch to helping till the festival is over?",
        ),
    ),
    Task(
        "drive_playlist",
        "music",
        "make me a playlist for a late-night drive, kind of synthwave and indie",
        ("the playlist", "the drive playlist", "the late night playlist", "the music thing"),
        (
            "make me a late night drive playlist, synthwave and indie",
            "put together a night drive playlist for me",
        ),
        (
            "around 2 hours long",
            "i like The Midnight and Beach House",
            "no explicit stuff, my little sister is in the car sometimes",
        ),
        ("wait more indie, less synthwave", "actually 90 minutes is enough"),
        ("add a couple of city pop songs", "give it a name too lol"),
        (
            "put a song where the beat drops around 1:30 near the middle",
            "add Don't Stop Believin' at the very end as a joke",
            "switch the order so it starts slow",
            "no songs with long pauses in the middle pls",
            "put Back to Black somewhere in the second half",
        ),
    ),
    Task(
        "gym_playlist",
        "music",
        "make me a hype gym playlist, mostly rap and phonk",
        ("the gym playlist", "the hype playlist", "the phonk playlist", "the gym music"),
        (
            "make me a hype gym playlist, rap and phonk",
            "put together a gym playlist for me",
        ),
        (
            "my workouts are like an hour",
            "i like Travis Scott and Kordhell",
            "i use spotify",
        ),
        ("wait less phonk, more old school rap", "actually make it 75 minutes"),
        ("add a cooldown section at the end", "also a few songs for cardio days"),
        (
            "add Can't Hold Us near the start",
            "i want the bass to drop right when i start my deadlift sets lol",
            "no songs that stop abruptly, it kills the vibe",
            "switch out the slow ones for more phonk",
            "put Don't Stop Me Now in there, it's a classic",
        ),
    ),
    Task(
        "guitar_barre",
        "music",
        "make me a guitar practice schedule, I want to learn barre chords in a month",
        ("the guitar plan", "the practice schedule", "guitar stuff", "the barre chord thing"),
        (
            "make me a guitar practice schedule for barre chords",
            "help me learn barre chords in a month",
        ),
        (
            "i can practice like 30 min a day",
            "i have an acoustic with kinda high action",
            "i already know all the open chords",
        ),
        ("wait i can only do 20 min on weekdays", "actually it's an electric, not acoustic"),
        ("add a song to practice with each week", "also some hand stretches"),
        (
            "how do i stop the B string buzzing on the F chord?",
            "add a drill for switching between F and C fast",
            "should i pause when my hand cramps or push through?",
            "how long should i hold each chord shape?",
            "put a note to go back to open chords on rest days",
        ),
    ),
    Task(
        "spanish_b1",
        "language",
        "help me make a study plan to get to B1 in Spanish in 6 months",
        ("the spanish plan", "the study plan", "spanish stuff", "the language plan"),
        (
            "make me a 6 month plan to get to B1 spanish",
            "help me plan how to learn spanish up to B1",
        ),
        (
            "i can do like 45 min a day",
            "i already use duolingo, 200 day streak lol",
            "i'm going to Mexico in the summer",
        ),
        ("wait it's 5 months now, trip got moved up", "actually i'm more like A2 already"),
        ("add some spanish shows to watch", "also a few podcasts for the bus"),
        (
            "put a lesson on how to say cancel my order and i want to go back for travel",
            "should i switch from duolingo to anki at some point in the plan?",
            "add a rule to pause the show and repeat lines out loud",
            "drop the grammar book part, i hate it",
            "teach me how to say stop politely, like para por favor",
        ),
    ),
    Task(
        "kana_month",
        "language",
        "I want to learn hiragana and katakana in a month, make me a schedule",
        ("the kana schedule", "the japanese plan", "hiragana stuff", "the kana thing"),
        (
            "make me a one month schedule to learn hiragana and katakana",
            "help me learn kana in a month",
        ),
        (
            "i have like 20 min a day",
            "i learn better with mnemonics",
            "i'm planning to start Genki after",
        ),
        ("wait i already know like half of hiragana", "actually make it 3 weeks"),
        ("add a weekly quiz", "also an app suggestion"),
        (
            "what's the sign for stop in japanese, とまれ?",
            "add when to switch from hiragana to katakana",
            "drop the kanji section from the plan for now, just kana",
            "add a review day where i go back over all the old ones",
            "should i hold off on dakuten till week 2?",
        ),
    ),
    Task(
        "budget_sheet",
        "money",
        "help me set up a monthly budget spreadsheet, I get $1200 a month from my part-time job",
        ("the budget", "the spreadsheet", "the budget sheet", "my budget thing"),
        (
            "help me build a monthly budget spreadsheet",
            "set up a google sheets budget for me, 1200 a month income",
        ),
        (
            "rent is $550, split with a roommate",
            "i spend way too much on food delivery lol",
            "i'm using google sheets",
        ),
        ("wait income is $1350 now, got a raise", "actually rent is $600"),
        ("add a column for a savings goal", "also a chart of where the money goes"),
        (
            "add a row for cancelling my spotify and netflix and show what i save",
            "make a formula that turns red when i should stop spending on food",
            "pause the gym membership line for the summer months",
            "put a subscriptions to kill section lol",
            "track when i get my dorm deposit back",
        ),
    ),
    Task(
        "surprise_party",
        "events",
        "help me plan a surprise birthday party for my roommate next Saturday",
        ("the party", "the surprise party", "the bday thing", "party planning"),
        (
            "help me plan a surprise birthday party for my roommate",
            "plan a surprise party for my friend's birthday",
        ),
        (
            "like 15 people max",
            "she loves Mamma Mia and karaoke",
            "budget is around $100 split between 4 of us",
        ),
        ("wait it's friday not saturday", "actually 20 people, more said yes"),
        ("add a playlist idea", "also a cheap cake option"),
        (
            "how do we stop her finding out, she literally checks my phone",
            "add a backup plan if she comes back early",
            "what if we hold it at the pizza place instead of our apartment?",
            "cancel the piñata idea on the list, too messy",
            "we need someone to kill the lights when she walks in",
        ),
    ),
    Task(
        "chore_chart",
        "events",
        "help me make a chore chart for me and my 3 roommates",
        ("the chore chart", "the chores thing", "the roommate chart", "the chore schedule"),
        (
            "help me make a chore chart for 4 roommates",
            "set up a fair chore rotation for my apartment",
        ),
        (
            "there's 2 bathrooms and one kitchen",
            "one roommate works night shifts",
            "we'll print it and put it on the fridge",
        ),
        (
            "wait it's 5 of us now, someone's gf basically lives here",
            "actually trash day is tuesday",
        ),
        ("add a spot for swapping chores", "also a little rules section"),
        (
            "we want to switch bathroom duty every week",
            "put that we pause the chart during finals week",
            "add a rule that dishes can't sit in the sink past 24 hours or you're back on dishes the next week",
            "drop the vacuuming row, we don't even own a vacuum lol",
            "whoever skips twice should have to cancel their turn with the good parking spot",
        ),
    ),
    Task(
        "hollow_knight",
        "gaming",
        "help me beat the Radiance in Hollow Knight, I keep dying in the platform phase",
        ("the radiance thing", "the hollow knight stuff", "the boss fight", "the HK thing"),
        (
            "help me beat the Radiance in Hollow Knight",
            "give me a strategy for the final boss in Hollow Knight",
        ),
        (
            "i have all the nail upgrades",
            "i'm using Shaman Stone and Quick Focus rn",
            "i always die when the beams come from the sides",
        ),
        (
            "wait i don't have Quick Slash yet",
            "actually it's the climb phase that kills me, not the platforms",
        ),
        ("add which spells to use in each phase", "also how to practice it without walking so far"),
        (
            "should i switch Grubsong out for Quick Slash before the fight?",
            "when do i stop attacking and just dodge the sword rain?",
            "can i open the pause menu mid fight without getting hit?",
            "if i die do i go all the way back to the Black Egg Temple?",
            "in the platform part should i hold dash or just jump?",
        ),
    ),
    Task(
        "vgc_team",
        "gaming",
        "build me a competitive Pokémon team for VGC around Flutter Mane",
        ("the pokemon team", "the vgc team", "the team", "my flutter mane team"),
        (
            "build me a VGC pokemon team around Flutter Mane",
            "help me make a competitive pokemon team",
        ),
        (
            "i play on showdown mostly",
            "i hate hyper offense lol",
            "i already have Incineroar raised",
        ),
        (
            "wait i don't have Urshifu, pick something else",
            "actually i want Tera Fairy on Flutter, not Tera Ghost",
        ),
        ("add EV spreads", "also tell me the usual lead"),
        (
            "switch Incineroar's item to Safety Goggles, Amoonguss is everywhere",
            "i need something that can stop Trick Room teams",
            "should Amoonguss hold Rocky Helmet or Sitrus Berry?",
            "does Fake Out stop the Tailwind setter or just delay it a turn?",
            "add a pivot that can switch out safely, like Parting Shot Incineroar",
        ),
    ),
    Task(
        "jinx_cosplay",
        "crafts",
        "help me plan a budget Jinx cosplay from Arcane, the con is in 3 weeks",
        ("the cosplay", "the jinx cosplay", "the con outfit", "the jinx thing"),
        (
            "help me plan a budget Jinx cosplay",
            "plan a cheap Arcane cosplay for a con in 3 weeks",
        ),
        (
            "budget is around $70",
            "i have a hot glue gun and some EVA foam",
            "the wig is already ordered",
        ),
        ("wait the con is in 2 weeks, not 3", "actually i'm doing season 2 Jinx"),
        ("add a makeup plan for the tattoos", "also what to carry in the props bag"),
        (
            "how do i stop the wig braids from tangling?",
            "add a step to hold the foam with clamps while the glue dries",
            "can i switch EVA foam for cardboard on the gun?",
            "the braids keep dropping, how do i pin them up?",
            "should the back of the jacket be painted or patched?",
        ),
    ),
    Task(
        "discord_bot",
        "coding hobby",
        "help me make a discord bot in Python that plays music in our server",
        ("the discord bot", "the bot", "the music bot", "my bot"),
        (
            "help me make a discord music bot in python",
            "write a discord bot that plays music for our server",
        ),
        (
            "i'm using discord.py",
            "it's running on my old laptop",
            "only our friend server will use it",
        ),
        ("wait i'm on python 3.11, not 3.8", "actually we want slash commands, not prefix ones"),
        ("add a /queue command", "also a /nowplaying that shows the title"),
        (
            "add a /stop command that stops the song and leaves the voice channel",
            "add /pause and /resume commands",
            "make /skip switch to the next song in the queue",
            "the bot should kill the ffmpeg process when nobody's in the channel",
            "add a /back command that replays the previous song",
            "cancel the disconnect timer if someone joins again",
        ),
    ),
)

# ---------------------------------------------------------------- templates

SWITCH_TEMPLATES: tuple[str, ...] = (
    "{pre} forget {cur}, {ask} {close}",
    "can we do {new} now? {cur} can wait",
    "can we do {new} now?? {cur} {cur_isnt} going anywhere",
    "ugh {cur} {cur_is} killing me. can you {ask} instead {close}",
    "ok {cur} {cur_is} a lost cause lol. new thing: {ask}",
    "honestly idc about {cur} anymore. {ask} {close}",
    "{cur} can sit for a bit, {ask}",
    "change of plans!! {ask}. we'll see about {cur} later",
    "{pre} scrap {cur}. {why}, so {ask}",
    "lowkey need you to {ask} rn, {cur} can chill till next week",
    "put {cur} on ice and {ask} {close}",
    "nvm {cur}, {why}. can u {ask}?",
    "bruh why am i even doing {cur}. {ask}",
    "leave {cur} where {cur_it_is} for now. {ask}",
    "{ask}? we can come back to {cur} some other day",
    "ok enough of {cur} for one day. {ask} {close}",
    "i'm so over {cur} fr. {ask}",
    "hold that thought on {cur}, {ask} real quick",
    "{cur} {cur_is} cancelled 💀 {ask}",
    "wait actually more important: {ask}. don't bother with {cur} for now",
    "ok i lied, not doing {cur} tonight. {ask}",
    "skip the rest of {cur}, {why}. {ask}",
    "can u {ask}? {cur} {cur_isnt} urgent",
    "{why} so {cur} {cur_is} dead. {ask} {close}",
    "shelve {cur}. {ask}",
    "how about we do {new} rather than {cur}?",
    "rather than keep going with {cur}, {ask}",
    "yaar {cur} ko chhodo, pehle {ask}",
    "olvídate de {cur}, mejor {ask} porfa",
    "ok {cur} {cur_is} a tomorrow problem. {ask}",
    "lemme deal with {cur} myself later. rn {ask}",
    "{cur}? not today. {ask} {close}",
    "actually i don't want {cur} anymore. what i really need is help with {new}",
    "tbh {new} matters way more than {cur} rn so {ask}",
    "why are we even on {cur} when i haven't touched {new}?? {ask}",
    "wow {cur} {cur_is} sooo fun (not) 🙃 let's leave {cur_it} and {ask}",
    "{pre} forget all that, {ask} {close}",
    "new plan: {ask}. the other thing can wait",
    "ok scratch everything we just did. {ask}",
    "not feeling {cur} anymore ngl. could you {ask}?",
    "sorry to bail on {cur} but {ask}",
    "ok {cur} {cur_is} on hold. {ask}",
    "pls {ask}, i'll finish {cur} some other time",
    "bueno, {cur} para después. {ask}",
    "{cur} baad mein karenge, abhi {ask}",
    "i'm tapping out of {cur}. {ask} {close}",
    "ok plot twist: {ask}. {cur} can wait",
    "two things:\n- forget {cur}\n- {ask}",
    "is it too much to ask to do {new} now? {cur} is boring me to death lol",
    "{why}. so {cur} gets benched, {ask}",
    "nah {cur} isn't it today. {ask} {close}",
    "{pre} we're done with {cur} for now, {ask}",
)

STOP_TEMPLATES: tuple[str, ...] = (
    "{pre} forget {cur} {close}",
    "ok nvm, i don't need {cur} anymore",
    "ugh stop stop stop. {why}",
    "let's park {cur} for now, {why}",
    "i'm done with {cur} for tonight, {why}",
    "scrap {cur} completely lol",
    "cancel {cur}, {why}",
    "nah leave it. {cur} {cur_isnt} happening",
    "hold up, put {cur} on pause",
    "{cur} {cur_is} dead to me 💀",
    "ok that's enough of {cur} for today, gn",
    "you can drop {cur}, {why}",
    "wait no, don't finish {cur}. {why}",
    "chalo, {cur} rehne do yaar. {why}",
    "ya no, olvídalo. i don't need {cur} anymore",
    "never mind about {cur}, i'll figure {cur_it} out myself",
    "bruh just stop. {why}",
    "can we pause here? {why}",
    "ok shelving {cur} till after finals",
    "{why}. so that's it for {cur}",
    "ok that's it for {cur}, no need to keep going",
    "kill {cur}, not worth it",
    "actually don't do {cur} after all, {why}",
    "pls stop working on {cur}, i changed my mind",
    "i give up on {cur} lmao",
    "put a pin in {cur}. {why}",
    "hold off on {cur} for now {close}",
    "nope. abort {cur}",
    "wait wait wait, hold everything. {why}",
    "ok we're gonna leave {cur} there. {why}",
    "bas yaar, {cur} band karo",
    "déjalo, {cur} {cur_isnt} happening anymore",
    "{pre} forget it, not worth it {close}",
    "ok actually let's not. {why}",
    "enough, i'll do {cur} some other time {close}",
    "no more working on {cur} today pls, {why}",
    "you know what, never mind. {cur} can just not exist",
    "ok i'm calling it. {cur} {cur_is} off",
    "stop right there lol, {why}",
    "ehh let's just not do {cur}",
    "{pre} let's leave it here for today {close}",
    "ok you can quit on {cur}, {why}",
)

RESUME_TEMPLATES: tuple[str, ...] = (
    "{pre} back to {old} {close}",
    "alright {cur} {cur_is} done, can we go back to {old}?",
    "where were we on {old}?",
    "let's pick {old} up again {close}",
    "ok i'm ready for {old} again, where'd we leave off",
    "remember {old}? let's finish {old_it}",
    "can we return to {old} now",
    "ok resume {old} pls",
    "bringing {old} back, {whyr}",
    "{old} {old_is} back on lol, {whyr}",
    "let's get back into {old} from where we stopped",
    "ok i changed my mind again, un-cancel {old}",
    "enough of {cur}, back to {old}",
    "can you continue {old} from before?",
    "so about {old} that we paused... let's keep going with {old_it}",
    "ok {old} time again 😤",
    "revive {old} pls 🙏",
    "yaar {old} wapas shuru karo, {whyr}",
    "bueno, volvamos a {old}",
    "ok where did we stop with {old}? let's carry on",
    "i'm back on {old}. pick up where we left {old_it}",
    "thanks for {cur}! now {old} again, from the part we got to",
    "ok on second thought i do need {old}, let's continue",
    "can we finish {old} now that {cur} {cur_is} sorted",
    "unpause {old} {close}",
    "{old} that we dropped earlier, let's go again on {old_it}",
    "ok {old} round 2, same as before",
    "let's jump back into {old}",
    "remember when i bailed on {old}? yeah i need {old_it} after all",
    "ok now the other thing from before. where were we",
    "back to what we were doing before i got sidetracked {close}",
    "chalo, wapas {old} pe aate hain",
    "ok regresemos a {old}, where we left off",
    "un-shelving {old} lol, {whyr}",
    "ok {cur} {cur_is} good enough. let's get {old} finished",
    "{whyr}, so can we go back to {old}?",
    "{pre} {old} again pls, same spot we left {old_it}",
    "wait i want {old} back. continue from where u were",
)

GENERIC_REPLIES: tuple[str, ...] = (
    "ty!! this is great so far",
    "how much longer lol",
    "is {cur} almost done?",
    "ok cool, looks good",
    "ngl this is fire 🔥",
    "yes pls",
    "sure, go with that",
    "can u make it a bit shorter",
    "hmm not sure about that part tbh but go on",
    "omg yes exactly",
    "that's so much better than what i had",
    "bro you're a lifesaver",
    "which part are you on rn?",
    "how's {cur} coming along?",
    "thx for helping with {cur} fr",
    "wait this is actually good??",
    "lol ok that works",
    "perfect, keep it like that",
    "can you explain that last bit again? i'm slow",
    "yeah the first option",
    "the second one sounds better",
    "haan, go with that",
    "accha theek hai, sounds good",
    "sí, perfecto",
    "gracias!! está increíble",
    "no rush btw",
    "i'm reading it now, one sec",
    "can u do it in bullet points",
    "wait how did you get that",
    "this is lowkey exactly what i needed",
    "is this the final version of {cur} or are u still on it?",
    "can you make {cur} sound a bit more casual? it's too formal",
    "love {cur} so far ngl",
    "ok i trust u",
    "hmm can you do a version 2 of that last part",
)

WRAPPERS: dict[str, tuple[str, ...]] = {
    "detail": (
        "{line}",
        "oh btw {line}",
        "to answer ur question, {line}",
        "{line} if that helps",
        "forgot to say, {line}",
        "for {cur}: {line}",
        "fyi {line}",
        "{line} {close}",
    ),
    "fix": (
        "{line}",
        "my bad, {line}",
        "oops {line}",
        "{line} sorry",
        "correction: {line}",
        "ugh {line}",
    ),
    "addon": (
        "{line}",
        "also {line}",
        "oh and {line}",
        "{line} while ur at it",
        "one more thing for {cur}: {line}",
        "if u can, {line}",
    ),
    "look": (
        "{line}",
        "{line} {close}",
        "for {cur}: {line}",
        "ok so {line}",
        "also {line}",
        "hmm {line}",
        "wait {line}",
        "{pre} {line}",
    ),
    "look?": (
        "{line}",
        "quick q: {line}",
        "for {cur}, {line}",
        "hmm {line}",
        "wait {line}",
        "{pre} {line}",
        "also {line}",
    ),
}

LOOKALIKE_SHARE = 0.4  # fixed share of replies that are hard look-alikes
SUBTYPE_WEIGHTS: tuple[tuple[str, int], ...] = (
    ("detail", 20),
    ("fix", 12),
    ("addon", 12),
    ("generic", 16),
)

PRE_SWITCH = (
    "",
    "",
    "ok",
    "ugh,",
    "bruh",
    "wait",
    "ok so",
    "hmm",
    "yo",
    "lol ok",
    "okay real talk,",
    "sorry,",
    "ahh",
    "listen,",
)
PRE_STOP = (
    "",
    "",
    "ok",
    "ugh",
    "bruh",
    "wait",
    "hmm",
    "ahh",
    "sorry",
    "ok honestly",
    "lol",
    "yeah no,",
)
PRE_RESUME = ("", "", "ok", "alright", "okay", "aight", "yo", "ok so", "right,", "phew ok")
PRE_REPLY = ("ok", "yo", "hmm", "wait", "lol", "oh", "ah")

CLOSE_SWITCH = ("", "", "", "pls", "thx", "ty", "🙏", "lol", "😭", "pleaseee", "asap", "k?", "🙏🙏")
CLOSE_STOP = ("", "", "", "sorry", "lol", "😭", "thx anyway", "my bad", "💀", "ty tho")
CLOSE_RESUME = ("", "", "", "pls", "lol", "🙏", "thx", "ok?", "let's gooo")
CLOSE_REPLY = ("", "lol", "pls", "thx", "🙏", "ty", "ngl", "!!")

WHY_SWITCH = (
    "my friend is literally waiting on me",
    "that one is way more urgent",
    "i just remembered it's due at midnight",
    "my mom is asking about it rn",
    "the group chat is blowing up about it",
    "i have like an hour before practice",
    "my brain can only do easy stuff rn",
    "i promised someone i'd do it today",
)
WHY_STOP = (
    "my brain is literally mush",
    "it's 3am and i'm cooked",
    "my mom's calling me down for dinner",
    "the wifi keeps dying",
    "i have practice in 10 min",
    "my friend already sorted it",
    "plans changed",
    "i'm just not feeling it tonight",
    "my laptop is at 2%",
    "turns out we don't need it anymore",
    "i gotta go, bus is here",
    "my roommate needs the desk",
)
WHY_RESUME = (
    "turns out i need it after all",
    "my friend bailed so it's on me again",
    "ok i slept on it",
    "i got my motivation back lol",
    "the deadline is actually sooner than i thought",
    "the group chat decided it's happening after all",
    "i'm bored and it's kinda calling to me",
)

# ---------------------------------------------------------------- register noise

_ABBREV: tuple[tuple[str, str], ...] = (
    (r"\byou\b", "u"),
    (r"\byour\b", "ur"),
    (r"\bare\b", "r"),
    (r"\bbecause\b", "bc"),
    (r"\bright now\b", "rn"),
    (r"\bthanks\b", "thx"),
    (r"\bthough\b", "tho"),
    (r"\breally\b", "rly"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bplease\b", "pls"),
    (r"\bwith\b", "w/"),
    (r"\bokay\b", "ok"),
    (r"\bdon't know\b", "dunno"),
)
_STRETCH: tuple[tuple[str, str], ...] = (
    (r"\bplease\b", "pleaseee"),
    (r"\bpls\b", "plsss"),
    (r"\bok\b", "okkk"),
    (r"\bso\b", "sooo"),
    (r"\bugh\b", "ughhhh"),
    (r"\bno\b", "nooo"),
    (r"\byes\b", "yesss"),
    (r"\bhelp\b", "helppp"),
    (r"\bbruh\b", "bruhhh"),
    (r"\bwait\b", "waittt"),
    (r"\blol\b", "lolll"),
    (r"\bnow\b", "nowww"),
)
_SLANG_PRE = ("ngl ", "fr ", "lowkey ", "bruh ", "omg ", "tbh ", "ok ok ")
_SLANG_POST = (" fr", " ngl", " lol", " lmao", " 💀", " 😭", " 🙏", " fr fr", " 😩", " icl")
_CODE_PRE = ("yaar ", "arre ", "bhai ", "accha ", "oye ", "bueno ", "pues ", "mira ", "ay ")
_CODE_POST = (" yaar", " na", " bhai", " porfa", " jaja", " pls yaar", " ¿sí?", " ok?")


def _typo(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if w.isalpha() and len(w) >= 4]
    if not spots:
        return text
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 1)
    how = rng.randrange(3)
    if how == 0:
        w = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    elif how == 1:
        w = w[:j] + w[j + 1 :]
    else:
        w = w[:j] + w[j] + w[j:]
    words[i] = w
    return " ".join(words)


def _sub_one(text: str, pairs: tuple[tuple[str, str], ...], rng: random.Random) -> str:
    hits = [(p, r) for p, r in pairs if re.search(p, text, flags=re.IGNORECASE)]
    if not hits:
        return text
    pattern, repl = rng.choice(hits)
    return re.sub(pattern, repl, text, count=1, flags=re.IGNORECASE)


def _abbrev(text: str, rng: random.Random) -> str:
    for pattern, repl in _ABBREV:
        if rng.random() < 0.7:
            text = re.sub(pattern, repl, text, flags=re.IGNORECASE)
    return text


NOISES: tuple[Callable[[str, random.Random], str], ...] = (
    lambda t, r: t.lower(),
    lambda t, r: t.replace("'", "").replace("\u2019", ""),
    lambda t, r: t.rstrip(".!? "),
    _typo,
    lambda t, r: _sub_one(t, _STRETCH, r),
    _abbrev,
    lambda t, r: r.choice(_SLANG_PRE) + t,
    lambda t, r: t + r.choice(_SLANG_POST),
    lambda t, r: r.choice(_CODE_PRE) + t,
    lambda t, r: t + r.choice(_CODE_POST),
    lambda t, r: t.upper() if len(t) < 70 else t,
    lambda t, r: t[:1].upper() + t[1:],
)


def _noisy(text: str, rng: random.Random) -> str:
    if rng.random() < 0.45:
        return text
    for noise in rng.sample(NOISES, rng.choice((1, 1, 2, 2, 3))):
        text = noise(text, rng)
    return text


# ---------------------------------------------------------------- assembly


def _tidy(text: str) -> str:
    text = re.sub(r"[ \t]+", " ", text)
    text = re.sub(r" +([,.?!:])", r"\1", text)
    text = re.sub(r"([,:])(?:[,:])+", r"\1", text)
    text = re.sub(r"^[ ,.:]+", "", text, flags=re.MULTILINE)
    text = re.sub(r"[ ,:]+$", "", text, flags=re.MULTILINE)
    return text.strip()


def normalise(text: str) -> str:
    """Lowercase, drop punctuation and emoji, collapse whitespace (the dedup key)."""
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _forms(prefix: str, ref: str) -> dict[str, str]:
    plural = ref.endswith("+")
    name = ref.rstrip("+")
    return {
        prefix: name,
        f"{prefix}_is": "are" if plural else "is",
        f"{prefix}_isnt": "aren't" if plural else "isn't",
        f"{prefix}_it": "them" if plural else "it",
        f"{prefix}_it_is": "they are" if plural else "it is",
    }


class _Writer:
    """Seeded maker of one case at a time for each kind."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _other(self, task: Task) -> Task:
        while True:
            other = self.rng.choice(TASKS)
            if other.key != task.key:
                return other

    def _fill(self, template: str, slots: dict[str, str]) -> str:
        return _noisy(_tidy(template.format_map(slots)), self.rng)

    def switch(self) -> tuple[str, Task, Task | None, str]:
        rng = self.rng
        cur = rng.choice(TASKS)
        new = self._other(cur)
        slots = {
            **_forms("cur", rng.choice(cur.refs)),
            "new": rng.choice(new.refs).rstrip("+"),
            "ask": rng.choice(new.asks),
            "why": rng.choice(WHY_SWITCH),
            "pre": rng.choice(PRE_SWITCH),
            "close": rng.choice(CLOSE_SWITCH),
        }
        return self._fill(rng.choice(SWITCH_TEMPLATES), slots), cur, None, "switch"

    def stop(self) -> tuple[str, Task, Task | None, str]:
        rng = self.rng
        cur = rng.choice(TASKS)
        slots = {
            **_forms("cur", rng.choice(cur.refs)),
            "why": rng.choice(WHY_STOP),
            "pre": rng.choice(PRE_STOP),
            "close": rng.choice(CLOSE_STOP),
        }
        return self._fill(rng.choice(STOP_TEMPLATES), slots), cur, None, "stop"

    def resume(self) -> tuple[str, Task, Task | None, str]:
        rng = self.rng
        old = rng.choice(TASKS)
        cur = self._other(old)
        slots = {
            **_forms("cur", rng.choice(cur.refs)),
            **_forms("old", rng.choice(old.refs)),
            "whyr": rng.choice(WHY_RESUME),
            "pre": rng.choice(PRE_RESUME),
            "close": rng.choice(CLOSE_RESUME),
        }
        return self._fill(rng.choice(RESUME_TEMPLATES), slots), cur, old, "resume"

    def reply_plan(self, wanted: int) -> list[str]:
        """Subtypes for ``wanted`` replies: a fixed look-alike quota, the rest drawn by weight."""
        looks = round(wanted * LOOKALIKE_SHARE)
        names, weights = zip(*((n, w) for n, w in SUBTYPE_WEIGHTS if n != "look"), strict=True)
        return ["look"] * looks + self.rng.choices(names, weights=weights, k=wanted - looks)

    def reply(self, sub: str) -> tuple[str, Task, Task | None, str]:
        rng = self.rng
        cur = rng.choice(TASKS)
        slots = {
            **_forms("cur", rng.choice(cur.refs)),
            "pre": rng.choice(PRE_REPLY),
            "close": rng.choice(CLOSE_REPLY),
        }
        if sub == "generic":
            return self._fill(rng.choice(GENERIC_REPLIES), slots), cur, None, sub
        pool = {"look": cur.looks, "detail": cur.details, "fix": cur.fixes, "addon": cur.addons}[
            sub
        ]
        line = rng.choice(pool)
        wrap_key = "look?" if sub == "look" and line.endswith("?") else sub
        slots["line"] = line
        return self._fill(rng.choice(WRAPPERS[wrap_key]), slots), cur, None, sub


def _generate_tagged(seed: int) -> tuple[list[dict[str, str | None]], list[str]]:
    writer = _Writer(seed)
    makers: dict[str, Callable[[str], tuple[str, Task, Task | None, str]]] = {
        "switch": lambda _: writer.switch(),
        "stop": lambda _: writer.stop(),
        "resume": lambda _: writer.resume(),
        "reply": writer.reply,
    }
    rows: list[tuple[dict[str, str | None], str]] = []
    owner: dict[str, str] = {}  # normalised text -> kind
    for kind, wanted in PLAN:
        subs = writer.reply_plan(wanted) if kind == "reply" else [kind] * wanted
        for want_sub in subs:
            for _ in range(400):
                text, current, stopped, sub = makers[kind](want_sub)
                key = normalise(text)
                if key and key not in owner:
                    break
            else:
                raise RuntimeError(f"corpus p: ran out of distinct {kind} cases for seed {seed}")
            owner[key] = kind
            case: dict[str, str | None] = {
                "kind": kind,
                "text": text,
                "current_task": current.first,
                "stopped_task": stopped.first if stopped else None,
            }
            rows.append((case, sub))
    random.Random(seed).shuffle(rows)
    return [c for c, _ in rows], [s for _, s in rows]


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    return _generate_tagged(seed)[0]


def _self_check() -> None:
    cases, subs = _generate_tagged(0)
    counts = Counter(c["kind"] for c in cases)
    assert dict(counts) == dict(PLAN), counts
    norms = [normalise(c["text"] or "") for c in cases]
    assert len(set(norms)) == len(cases), "duplicate normalised text"
    by_text: dict[str, set[str | None]] = {}
    for c, n in zip(cases, norms, strict=True):
        by_text.setdefault(n, set()).add(c["kind"])
    assert all(len(k) == 1 for k in by_text.values()), "a text under two kinds"
    for c in cases:
        if c["kind"] == "resume":
            assert c["stopped_task"]
            assert c["stopped_task"] != c["current_task"]
        else:
            assert c["stopped_task"] is None
    assert generate(0) == cases, "not deterministic"
    assert generate(1) != cases, "seeds give the same draw"
    assert len(TASKS) >= 25
    assert len({t.first for t in TASKS}) == len(TASKS)
    for task in TASKS:
        for line in task.looks:
            assert any(w in line.lower() for w in LOOKALIKE_WORDS), line
    reply_subs = Counter(s for c, s in zip(cases, subs, strict=True) if c["kind"] == "reply")
    looks = reply_subs["look"]
    assert looks * 3 >= counts["reply"], reply_subs
    for s in range(1, 40):
        other = generate(s)
        assert len({normalise(c["text"] or "") for c in other}) == len(other) == 600, s
    templates = (
        len(SWITCH_TEMPLATES)
        + len(STOP_TEMPLATES)
        + len(RESUME_TEMPLATES)
        + len(GENERIC_REPLIES)
        + sum(len(w) for w in WRAPPERS.values())
    )
    print(len(cases), dict(counts))
    print(
        "distinct normalised texts:",
        len(set(norms)),
        "| tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
        "| nicknames:",
        sum(len(t.refs) for t in TASKS),
        "| task lines:",
        sum(
            len(t.asks) + len(t.details) + len(t.fixes) + len(t.addons) + len(t.looks)
            for t in TASKS
        ),
    )
    print(
        "templates: switch",
        len(SWITCH_TEMPLATES),
        "stop",
        len(STOP_TEMPLATES),
        "resume",
        len(RESUME_TEMPLATES),
        "reply generic",
        len(GENERIC_REPLIES),
        "reply wrappers",
        sum(len(w) for w in WRAPPERS.values()),
        "| total",
        templates,
    )
    print("reply subtypes:", dict(reply_subs), f"| look-alike share {looks / counts['reply']:.0%}")
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 10):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")


if __name__ == "__main__":
    _self_check()
