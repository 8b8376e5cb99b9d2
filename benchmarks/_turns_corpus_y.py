# ruff: noqa: E501
"""Held-out corpus ``y`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of creative professionals (graphic designers,
copywriters, video editors, podcast producers, musicians, game writers, architects) who steer
an assistant on creative deliverables: logos, posters, taglines, teasers, grades, show notes,
lyrics, charts, dialogue trees, design statements, decks and labels. Opened while writing:
only lines 1-66 of ``benchmarks/_turns_corpus_t.py`` (its docstring, imports and ``KINDS``) and
lines 1084-1141 of the same file (its ``generate`` function and ``__main__`` self-check), to
copy the interface; none of its wording is reused. File names only (no contents) were seen
twice: a plain directory listing of ``benchmarks/`` while checking that this file did not
exist yet, and one read-only ``git status`` after writing it. NOT opened, grepped or run: anything under ``src/``, ``tests/`` or
``benchmarks/results/``, every other ``benchmarks/_turns_corpus_*.py`` file (nor the middle of
``_turns_corpus_t.py``), any ``bench_*.py`` script, ``train_turn_model.py``,
``turns_model_loco.py`` and ``turn_features_loco.py``. packlight was not imported and none of
its classifiers or benchmarks was run on this corpus; do not tune this file against a
classifier's output.

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

- 34 creative tasks, each with concrete names, clients, places and numbers: the Bramble & Oak
  coffee logo, the Lumen Festival A2 posters, Northwind e-cargo taglines, Solène Ceramics'
  About page, a teaser for the documentary "The Long Turn", a grade for Halden Films'
  "Saltwater", drifting subtitles on "Vestland", Night Shift Radio ep 47 show notes, the Kettle
  & Crumb ep 12 audio clean-up, the "Small Rooms" S3 cold open, a verse for "Paper Lanterns",
  a B-flat horn chart, Mira Kalnins' EPK bio, a setlist for The Crescent, Oriel the
  blacksmith's dialogue tree, 40 Cinderdeep relic tooltips, the Drowned Kingdom lore entry,
  the Lanternfall trailer VO, the Kestrel Street Library competition statement, the Aldgate
  loft material board, the Varga extension deck, a planning letter for 14 Fenwick Lane,
  Tidepool's type guidelines, a bakery Instagram carousel, "The Salt Orchard" cover, a
  florist's Mother's Day email, Marlow Knitwear product copy, Vespa video thumbnails, a Pell
  Insurance storyboard, the Orbit conference opener brief, a Loop Audio ad read, the "Otto and
  the Moon Kite" mood board, the Wildmoor Gin label and mix notes for "Marsh Light".
- Each task carries three nicknames, an imperative "do" phrase, a context-only report of the
  need (the person paraphrasing a client or colleague), a question form that implies the
  work, a forwarded client email (rendered as a forward header, a ``>`` quote or an inline
  quote), a "done" line, a distinguishing detail used by resumes ("the one with the acorn in
  the cup"), and 5-6 same-task replies, about half of them look-alikes where stop / pause /
  back / hold / instead / switch / kill are the work's own subject matter (a "stop" sign
  motif, stop-time hits in bar 24, the Hourglass of Stopped Time, a freeze frame, a line that
  says "let me stop you there", an opt-out that "stops the emails", a "Switchback" song).
- Switch, stop and resume wording is mostly indirect: a change of course buried after a
  greeting or after answering the agent's question; events that move priorities (budget
  frozen, pitch lost, the client ghosting, a printer slot); a new need introduced only by
  context or by a forwarded email and then asked about; hand-offs to colleagues or to the
  junior team; deferrals ("let it marinate", "in the drawer", "on ice"); giving up ("kill this
  darling", "this direction is dead", "we're rearranging deckchairs"); resumes that name the
  earlier task by a nickname, a detail or not at all ("the other thing", "what we parked on
  Tuesday", "before the fire drill"). Only a minority says stop / switch / instead / cancel /
  resume literally.
- Replies are roughly half plain (answers to the agent's question, approvals, nudges, feedback
  rounds, mood-board talk, progress questions, forwarded chasers about the same job) and half
  hard look-alikes (stop / cancel / pause / drop / later / instead / back / switch / "on hold"
  about the same deliverable; questions about a parked task that do not reopen it;
  alternatives within the same task; "I was about to say kill it but actually no").
- Registers: loose and visual, emotional, terse between meetings, long rambling notes with
  bullet lists, typed in a cab. Seeded slot filling over 214 message templates (61 switch, 43
  stop, 43 resume, 67 reply) plus 175 task-specific replies, then register noise on some
  cases (lowercase, dropped apostrophes, ``pls``/``u``/``thx``/``tmrw`` substitutions, one
  letter-swap typo, hurried prefixes, emoji, dropped final punctuation). Standard library only.

``python benchmarks/_turns_corpus_y.py`` prints the self-check.
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
    """One creative deliverable, with the ways a person refers to it."""

    key: str
    ask: str  # as first asked
    nicks: tuple[str, ...]  # noun phrases, article included
    do: str  # imperative phrase, lowercase start
    ctx: str  # context-only report of the need, full sentence
    q: str  # question that implies the work, lowercase start
    done: str  # "it is finished" clause, lowercase start
    detail: str  # distinguishing detail, used to name it without its name
    client: str  # "Name <address>"
    mail: str  # what the client wrote
    replies: tuple[str, ...]  # same-task replies


_TASKS: tuple[Task, ...] = (
    Task(
        key="bramble_logo",
        ask="Sketch three logo directions for Bramble & Oak, the coffee roaster on Leith Walk — warm, a bit hand-made, no coffee-bean clichés.",
        nicks=("the Bramble & Oak logo", "the coffee logo", "the roaster marks"),
        do="sketch three logo directions for Bramble & Oak, the roaster on Leith Walk",
        ctx="Fenella at Bramble & Oak just rang — their sign-writer is booked for the 14th and they still have no logo to paint on the window.",
        q="could you rough out a few logo marks for Bramble & Oak? warm, hand-made, no beans",
        done="the Bramble & Oak marks are with Fenella",
        detail="the roaster logo with the acorn in the cup",
        client="Fenella Drummond <fenella@brambleandoak.co.uk>",
        mail="Hi! Sign-writer is booked for the 14th and we still don't have a logo for the shopfront. Could we see a few directions this week? Warm, a bit hand-made. Please no coffee beans x",
        replies=(
            "The acorn one is the winner. Thicken the stroke so it survives being painted on glass.",
            "Fenella asked if the wordmark could stop fighting the icon. Give the ampersand more room.",
            "nope, lose the steam lines, too literal",
            "Try the cup mark in one colour. If it falls apart in black only, it isn't a logo.",
            "can we see it at 16px? it'll end up as a favicon too",
            "She wants 'Oak' to feel heavier than 'Bramble'. Don't ask me why, just go with it.",
        ),
    ),
    Task(
        key="lumen_posters",
        ask="Design the A2 poster series for Lumen Festival 2025 — three posters, one per stage, same system; headliners are Kaia Brandt, Low Ceiling and the Ostrava Brass Collective.",
        nicks=("the Lumen posters", "the festival posters", "the A2 series"),
        do="lay out the three A2 posters for Lumen Festival, one per stage",
        ctx="Lumen's printer in Ghent needs press-ready posters by Thursday or we lose the slot.",
        q="can you get the Lumen Festival posters into a shape we could send to print?",
        done="the Lumen posters are at the printer",
        detail="the festival posters with the three stage colours",
        client="Jef Van Laere <jef@lumenfestival.be>",
        mail="Hey, printer in Ghent says Thursday is the last day for press files, otherwise we miss the run. Where are we with the three stage posters?",
        replies=(
            "Kaia Brandt's name has to be biggest on every poster, it's in her contract.",
            "Make sure the QR code isn't in the bleed. Last year's got guillotined.",
            "The Ostrava Brass Collective is too long for one line, break it after Ostrava.",
            "ok the 'stop' sign motif on the Low Ceiling poster is fun — keep it, push it redder",
            "Try the blue stage in a duotone instead of full colour. Only that one.",
            "What would the system look like with a fourth stage next year? Just thinking out loud, don't redo anything.",
        ),
    ),
    Task(
        key="northwind_taglines",
        ask="Write ten tagline options for Northwind Bikes' new e-cargo bike launch — family-friendly, a bit of grit, not tech-bro.",
        nicks=("the Northwind taglines", "the e-cargo lines", "the bike taglines"),
        do="write ten tagline options for the Northwind e-cargo launch",
        ctx="Northwind just moved their e-cargo launch up a fortnight and they still haven't got a tagline.",
        q="could you knock out some tagline options for Northwind's e-cargo bike?",
        done="the Northwind taglines went out",
        detail="the cargo bike lines, the ones about the school run",
        client="Hannah Brandt <hannah@northwindbikes.com>",
        mail="Launch is now the 3rd, not the 17th. We need a line for the e-cargo bike — something a parent would say, not a spec sheet. Can your copywriter send options?",
        replies=(
            "'Carry more, drive less' is fine but it's the line every bike brand already has.",
            "More mud, less Silicon Valley.",
            "Hannah likes the one about the school run. Give me five riffs on it.",
            "'Stop at nothing. Stop at the bakery.' ha. it's silly but keep it on the list",
            "Nothing with 'revolution' in it please.",
            "can we hear one that a grandad would actually say?",
        ),
    ),
    Task(
        key="solene_about",
        ask="Rewrite the About page for Solène Ceramics — it's stiff and third-person; make it sound like Solène talking in her studio in Bristol.",
        nicks=("the Solène About page", "the ceramics copy", "Solène's page"),
        do="rewrite Solène's About page in her own voice",
        ctx="Solène read her About page out loud at a market yesterday and said it sounded like a LinkedIn profile.",
        q="can you have a go at Solène's About page so it sounds like a person?",
        done="Solène signed off her About page",
        detail="the potter's page, the one that sounded like LinkedIn",
        client="Solène Marchetti <hello@soleneceramics.com>",
        mail="Hiya, I read my About page out loud yesterday and cringed. It sounds like someone else. Could you rewrite it so it sounds like me? I talk a lot about glaze accidents x",
        replies=(
            "she says 'wonky' a lot. use it once, not three times",
            "Mention the kiln she inherited from her aunt, it's the heart of the story.",
            "Don't stop the piece on the shop link, end on the glaze accident.",
            "First person, present tense. The past tense makes it read like an obituary.",
            "Good. It's 40 words too long though.",
        ),
    ),
    Task(
        key="longturn_teaser",
        ask="Cut a 30-second teaser for 'The Long Turn', the Ferris wheel documentary — lead with the night shots, end on Marek's line about the view.",
        nicks=("the Long Turn teaser", "the Ferris wheel teaser", "the doc teaser"),
        do="cut a 30-second teaser from 'The Long Turn'",
        ctx="The Long Turn got into Sheffield DocFest and they want a 30-second teaser for their socials by Friday.",
        q="could you pull together a 30-second teaser for The Long Turn?",
        done="the Long Turn teaser is exported",
        detail="the Ferris wheel cut that ends on Marek",
        client="Ana Duarte <ana@thelongturnfilm.com>",
        mail="DocFest socials team needs a 30s teaser for The Long Turn by Friday, 1080x1350 and 16:9. Can we get something to them?",
        replies=(
            "The freeze frame on Marek at 0:22 — hold it a beat longer.",
            "Cut on the lift, not after it. It's dragging.",
            "don't use the pause-and-zoom effect, it looks like a wedding video",
            "Music should stop dead on the last shot. No fade.",
            "Try a version that opens on the wheel creaking instead of the night shot.",
            "Does it work with the sound off? Most people will watch it muted.",
        ),
    ),
    Task(
        key="saltwater_grade",
        ask="Build a colour grade for 'Saltwater', Halden Films' short — cool, sea-glass greens, and protect the skin tones in the kitchen scenes.",
        nicks=("the Saltwater grade", "the Halden grade", "the sea-glass look"),
        do="set up a colour grade for Halden's 'Saltwater'",
        ctx="Halden Films say Saltwater looked flat and grey on the festival's projector and they want a proper grade before the screening.",
        q="can you build a look for Saltwater — sea-glass greens, skin tones safe?",
        done="the Saltwater grade is rendered",
        detail="the short with the sea-glass greens",
        client="Marguerite Halden <m.halden@haldenfilms.no>",
        mail="The festival tech ran Saltwater on their projector and it looked like dishwater. Can we get a proper grade on it before the 22nd? Cool, greens, but Ingrid's skin must not go green.",
        replies=(
            "Ingrid's skin is going a bit zombie in the kitchen scene. Pull it back.",
            "Crush the blacks a touch on the night swim.",
            "the stop-motion crabs at 12:40 can stay ungraded, they're meant to look like that",
            "Warmer on the final shot. It's the only hopeful moment in the film.",
            "export a still of each scene so I can show Marguerite",
        ),
    ),
    Task(
        key="vestland_subs",
        ask="Fix the English subtitles on the festival cut of 'Vestland' — they drift about a second late after minute 40, and some lines are too long to read.",
        nicks=("the Vestland subtitles", "the subs", "the .srt"),
        do="retime the English subtitles on 'Vestland'",
        ctx="Someone at the Tromsø screening noticed the Vestland subtitles running a second late after minute 40.",
        q="any chance you could work out why the Vestland subs drift after minute 40 and fix them?",
        done="the Vestland .srt is fixed",
        detail="the subtitle file that drifted after minute 40",
        client="Sigrid Aune <sigrid@nordlysdistribution.no>",
        mail="Feedback from Tromsø: English subs on Vestland run about 1s late in the second half. Can you fix and resend the .srt before Monday's screening?",
        replies=(
            "Max 42 characters a line, that's the festival's rule.",
            "Line 311 — 'Stop! Come back!' — needs to stay up longer, he shouts it twice.",
            "the drift starts right after the reel change, check the frame rate there",
            "Keep 'Vestland' untranslated in the dialogue.",
            "don't merge the two short lines at 52:10, they're different speakers",
        ),
    ),
    Task(
        key="nightshift_notes",
        ask="Write show notes and chapter markers for Night Shift Radio episode 47, the one with Dr. Amara Osei on sleep and shift work.",
        nicks=("the ep 47 show notes", "the Night Shift notes", "the Amara episode notes"),
        do="write the show notes and chapters for Night Shift Radio ep 47",
        ctx="Episode 47 of Night Shift Radio goes live at 6am tomorrow and there are no show notes or chapters on it.",
        q="could you draft show notes and chapters for the Amara Osei episode?",
        done="the ep 47 notes are up",
        detail="the sleep episode with Dr. Osei",
        client="Dev Pillai <dev@nightshiftradio.fm>",
        mail="Ep 47 publishes 6am tomorrow, feed's got nothing in the description yet. Can we get notes + chapters in?",
        replies=(
            "Chapter 4 starts at 31:12, not 31:40.",
            "Amara wants her book linked, 'The Unslept'. Publisher link, not Amazon.",
            "The bit where she says to stop drinking coffee after 2pm — make that the pull quote.",
            "Keep the chapter titles short, they get truncated in Apple Podcasts.",
            "no emojis in the notes, Dev hates them",
        ),
    ),
    Task(
        key="kettle_edit",
        ask="Clean up the Kettle & Crumb episode 12 interview — take out the ums, the crosstalk and the bit where the dog barks, and keep it under 50 minutes.",
        nicks=("the Kettle & Crumb edit", "episode 12", "the baking podcast edit"),
        do="clean up the Kettle & Crumb ep 12 audio",
        ctx="The Kettle & Crumb hosts just listened to the ep 12 raw and there's crosstalk all over it and a dog barking at 14 minutes.",
        q="can you take a pass at the Kettle & Crumb ep 12 audio — ums, crosstalk, the dog?",
        done="Kettle & Crumb 12 is mastered",
        detail="the baking interview with the barking dog",
        client="Rosie Tan <rosie@kettleandcrumb.co>",
        mail="Listened back to ep 12 — it's a mess, we talk over each other constantly and Biscuit barks at 14:00. Can you work your magic? Ideally under 50 mins.",
        replies=(
            "Leave some of the ums in. She sounds like a robot without them.",
            "The dog bark at 14:02 can stay actually, the guest laughs at it and it's charming.",
            "when Rosie says 'hang on, let me stop you there' — keep that, it's a real moment",
            "Bring the guest's mic up, she's quieter than the hosts.",
            "cut the ad break placeholder, we don't have a sponsor this week",
        ),
    ),
    Task(
        key="smallrooms_open",
        ask="Write the cold open for season 3 of 'Small Rooms' — ninety seconds, the host alone in a cupboard-sized flat in Lisbon, setting up the season's theme.",
        nicks=("the Small Rooms cold open", "the season 3 intro", "the cold open"),
        do="script the season 3 cold open for Small Rooms",
        ctx="Small Rooms records season 3 on Wednesday and Tomás still doesn't have a cold open to read.",
        q="could you have a crack at the cold open for Small Rooms season 3?",
        done="the Small Rooms open is recorded",
        detail="the Lisbon cupboard-flat intro",
        client="Tomás Reis <tomas@smallrooms.pt>",
        mail="We record S3 on Wednesday! I have no cold open. 90 seconds, me in the tiny Lisbon flat, set up the theme (home as a feeling, not a place). Help??",
        replies=(
            "He has to be able to read the first bit in one breath. Shorter sentences.",
            "open on a sound. the kettle, the tram outside",
            "The line 'this season we stop measuring homes in square metres' — great, keep it",
            "Less poetic, he'll trip over it.",
            "can you time it out loud? I reckon it's over 90 seconds",
        ),
    ),
    Task(
        key="lanterns_verse",
        ask="Help me write the second verse of 'Paper Lanterns' for The Undertow — same rhyme scheme as verse one, the story moves from the harbour to the morning after.",
        nicks=("the Paper Lanterns verse", "verse two", "the Undertow lyric"),
        do="write a second verse for 'Paper Lanterns'",
        ctx="We're tracking vocals for Paper Lanterns on Saturday and the second verse is still a placeholder.",
        q="can you help me get a real second verse for Paper Lanterns?",
        done="Paper Lanterns is tracked",
        detail="the harbour song, the verse about the morning after",
        client="Jonah (The Undertow) <jonah.undertow@gmail.com>",
        mail="mate, vocal session is Saturday and verse 2 of Paper Lanterns is still 'la la harbour la'. any chance?",
        replies=(
            "'Stay' and 'away' is the least interesting rhyme in English. find something slanter",
            "The chorus goes 'don't stop, don't stop the light' — the verse can't use 'stop' again.",
            "line 3 has one syllable too many for the melody",
            "More concrete. A thing you could see the morning after.",
            "i like the gull image. go back to that and build the verse around it",
        ),
    ),
    Task(
        key="harbour_chart",
        ask="Write out a lead sheet for 'Harbour Lights' in B-flat for the horn section — melody, chords, and the stops in the bridge marked clearly.",
        nicks=("the Harbour Lights chart", "the horn chart", "the lead sheet"),
        do="write the B-flat lead sheet for 'Harbour Lights'",
        ctx="The horn players for Saturday only got a concert-pitch chart of Harbour Lights and they need it in B-flat.",
        q="could you transpose Harbour Lights into a B-flat lead sheet for the horns?",
        done="the horn chart is printed",
        detail="the B-flat chart with the stops in the bridge",
        client="Callum Rees <callum@reesbrass.co.uk>",
        mail="Got the Harbour Lights chart — it's in concert pitch, the lads need B-flat. Also mark the stops in the bridge, we crashed straight through them last time.",
        replies=(
            "The stop-time hits in bar 24 — mark them with fermatas? no, accents. accents.",
            "Put the chord symbols above the staff, not below.",
            "Bar 17 should be a D minor 7, not F.",
            "The repeat back to the top after the solo — write it as D.S. al coda.",
            "make it fit on one page, they'll be reading it off a stand in a pub",
        ),
    ),
    Task(
        key="staticbloom_bio",
        ask="Write the EPK bio for Mira Kalnins' debut album 'Static Bloom' — short, long and one-line versions, and no 'genre-defying'.",
        nicks=("Mira's bio", "the Static Bloom EPK", "the press bio"),
        do="write Mira Kalnins' EPK bio for 'Static Bloom'",
        ctx="Mira's PR person has three blogs waiting on an EPK for Static Bloom and the bio in it is from 2019.",
        q="could you write Mira a new bio for the Static Bloom EPK?",
        done="Mira's bio is in the EPK",
        detail="the synth album bio, the one in three lengths",
        client="Olu Bakare <olu@quietroompr.com>",
        mail="Three blogs want the Static Bloom EPK this week. Mira's bio is from 2019 and mentions her old band. Need short/long/one-liner please.",
        replies=(
            "Mention she recorded it in her grandmother's house in Cēsis.",
            "No 'genre-defying', no 'sonic tapestry'.",
            "The one-liner is still two lines.",
            "She says the album is about 'learning to stop apologising' — that has to be in the long version.",
            "Tone it down, it reads like she cured something.",
        ),
    ),
    Task(
        key="crescent_setlist",
        ask="Plan the setlist for our Saturday gig at The Crescent — 45 minutes, open loud, the acoustic pair in the middle, and write the bits we say between songs.",
        nicks=("the Crescent setlist", "Saturday's set", "the setlist"),
        do="put together the setlist for Saturday at The Crescent",
        ctx="The Crescent just moved us up to headline Saturday, which means 45 minutes instead of 25 and no setlist for it.",
        q="could you work out a 45-minute set for The Crescent?",
        done="the Crescent set is locked",
        detail="the gig set with the acoustic pair in the middle",
        client="Bookings at The Crescent <bookings@thecrescentyork.co.uk>",
        mail="Good news, you're headlining Saturday! That's 45 minutes now. Send a setlist by Thursday so the sound guy can plan.",
        replies=(
            "'Switchback' has to go second, it's our loudest.",
            "Put 'Hold Fire' after the acoustic ones, we need to retune anyway.",
            "Don't end on a slow one, the bar closes right after.",
            "the chat before 'Paper Lanterns' is too long, one sentence",
            "We pause for a tuning break around minute 20 — write something for Jonah to say there.",
        ),
    ),
    Task(
        key="oriel_dialogue",
        ask="Write the branching dialogue for Oriel the blacksmith in quest 3 of Ashfall Hollow — three paths (friendly, suspicious, bribe), each ending with her handing over the forge key or not.",
        nicks=("Oriel's dialogue", "the blacksmith tree", "quest 3"),
        do="write Oriel's branching dialogue for Ashfall Hollow quest 3",
        ctx="Playtesters keep saying Oriel the blacksmith is boring and nobody can tell why she gives up the forge key.",
        q="could you write Oriel a proper dialogue tree for quest 3?",
        done="Oriel's tree is in the build",
        detail="the blacksmith with the forge key",
        client="Nadia Voss <nadia@emberhollowgames.com>",
        mail="Playtest notes are in: Oriel is 'a vending machine with a beard'. She doesn't even have a beard. Can we get her quest 3 dialogue rewritten with actual branches?",
        replies=(
            "In the suspicious branch she should stop talking mid-sentence when the guard walks past.",
            "Oriel never says 'adventurer'. She calls everyone 'lad', regardless.",
            "The bribe path is too easy. She should take the gold and still say no.",
            "can the player back out of the conversation at the second node? add a 'Never mind' option",
            "Keep each line under 120 characters, that's the text box.",
            "Give her one line about her brother, but don't explain it.",
        ),
    ),
    Task(
        key="cinderdeep_relics",
        ask="Write item descriptions for the 40 relics in Cinderdeep — two sentences each, one on the mechanics, one of lore, dry humour.",
        nicks=("the relic descriptions", "the Cinderdeep items", "the relics"),
        do="write descriptions for the 40 Cinderdeep relics",
        ctx="The Cinderdeep build goes to the publisher Monday and all 40 relics still say 'TODO: flavour'.",
        q="could you write flavour text for the Cinderdeep relics?",
        done="the relic text is in the spreadsheet",
        detail="the 40 dungeon relics with the dry jokes",
        client="Ben Okafor <ben@cinderdeep.dev>",
        mail="Publisher build Monday. Every relic tooltip says TODO: flavour. Can your writer fill in the 40 relics? Mechanics line + lore line, funny but not memey.",
        replies=(
            "The Hourglass of Stopped Time — its joke should be about being late, not about sand.",
            "Relic 17 is cursed; the lore should hint, not tell.",
            "'Pauses enemies for 2s' is wrong, it's 1.5s now.",
            "Drier. Think museum placard written by a tired curator.",
            "ok do 1-20 first, I'll check the tone, then the rest",
        ),
    ),
    Task(
        key="drowned_lore",
        ask="Write the lore bible entry for the Drowned Kingdom faction — history, what they want, how they talk, and three sample barks.",
        nicks=("the Drowned Kingdom entry", "the lore page", "the Drowned faction"),
        do="write the Drowned Kingdom lore entry",
        ctx="The concept artists start Drowned Kingdom armour next week and there's nothing written about who these people even are.",
        q="could you write up who the Drowned Kingdom are, for the art team?",
        done="the Drowned Kingdom page is in the wiki",
        detail="the underwater faction page",
        client="Leah Moreno <leah@emberhollowgames.com>",
        mail="Art team starts Drowned Kingdom armour on Monday. We've got nothing — who are they, what do they value, what's under all that barnacle? A page would save us.",
        replies=(
            "They never say 'water'. It's 'the weight' or 'the quiet'.",
            "Their king isn't dead, he just stopped. Keep that ambiguous.",
            "cut the bit about the war, that gets its own entry",
            "Barks should sound wet. Long vowels, no hard consonants.",
            "Can you add a line for the art team on what their armour is made of?",
        ),
    ),
    Task(
        key="lanternfall_vo",
        ask="Write the voiceover for the Lanternfall launch trailer — 60 seconds, one gravelly narrator, end on the release date, 14 March.",
        nicks=("the Lanternfall trailer VO", "the trailer script", "the VO"),
        do="write the 60-second VO for the Lanternfall trailer",
        ctx="The voice actor for the Lanternfall trailer is booked for Tuesday and there's no script.",
        q="could you write a trailer voiceover for Lanternfall?",
        done="the Lanternfall VO is recorded",
        detail="the trailer narration that ends on 14 March",
        client="Ivo Petrov <ivo@mothlightgames.com>",
        mail="VO actor booked Tuesday 10am, 60 second trailer, and... no script. Can you write one? Gravelly, a bit sad, ends on '14 March'.",
        replies=(
            "The actor can't say 'lanterns' and 'Lanternfall' in one breath, it turns to mush.",
            "Leave three seconds of silence where the music drops — don't fill it.",
            "'When the lights go out, you don't stop walking' — that's the hook. End near it.",
            "Less epic. It's a cosy game with one sad bit.",
            "Read it with a stopwatch and tell me how long it is.",
        ),
    ),
    Task(
        key="kestrel_statement",
        ask="Draft the 500-word design statement for our Kestrel Street Library competition entry — the timber reading rooms, the public staircase, the garden on the roof.",
        nicks=("the Kestrel Street statement", "the library statement", "the competition text"),
        do="draft the Kestrel Street Library design statement",
        ctx="The Kestrel Street Library competition closes at noon Friday and we have drawings but no design statement.",
        q="could you draft the design statement for the Kestrel Street entry?",
        done="the Kestrel Street entry is submitted",
        detail="the library competition with the roof garden",
        client="Anneliese Kraft <a.kraft@kraftholm.archi>",
        mail="Competition portal closes noon Friday. Drawings are done, statement isn't. 500 words max, jury is half architects, half librarians.",
        replies=(
            "The jury is half librarians. Less 'tectonic', more 'where do the kids sit'.",
            "Call it the public staircase, not the 'civic stair'.",
            "Mention the bus stop outside — the staircase is there to stop the queue blocking the pavement.",
            "497 words. Don't add anything.",
            "Lead with the roof garden, not the timber.",
        ),
    ),
    Task(
        key="aldgate_board",
        ask="Put together a material palette for the Aldgate loft conversion — the brick stays, add oak, steel and one wild colour; a board I can show the clients on Thursday.",
        nicks=("the Aldgate materials", "the loft palette", "the material board"),
        do="put together the material board for the Aldgate loft",
        ctx="The Aldgate loft clients want to 'feel' the flat on Thursday and all we have is a floor plan.",
        q="could you pull together a material board for the Aldgate loft?",
        done="the Aldgate board is presented",
        detail="the loft board with the brick and the wild colour",
        client="Sam & Lior Ben-David <samandlior@proton.me>",
        mail="Looking forward to Thursday! Could we see what the flat might actually feel like? Materials, colours... we're terrible at imagining from plans.",
        replies=(
            "The wild colour goes on the stair, nowhere else.",
            "Lior is allergic to anything that looks 'Scandi'. Keep the oak dark.",
            "Try blackened steel instead of powder-coated for the balustrade.",
            "Half the board should be the existing brick — it's the hero.",
            "Can you add the floor sample we got from the reclamation yard?",
        ),
    ),
    Task(
        key="varga_deck",
        ask="Make the client presentation deck for the Varga house extension — 12 slides, story first, drawings second, end on the cost plan.",
        nicks=("the Varga deck", "the extension deck", "the Varga presentation"),
        do="build the 12-slide Varga extension deck",
        ctx="The Vargas moved our meeting to tomorrow morning and want 'something with pictures', which we don't have.",
        q="could you pull a deck together for the Varga extension?",
        done="the Varga deck went down well",
        detail="the house extension presentation with the cost plan at the end",
        client="Zsófia Varga <zsofia.varga@gmail.com>",
        mail="Hi both, we'd like to bring the meeting forward to tomorrow 9am if you can. Could you bring something visual? Plans confuse us.",
        replies=(
            "Slide 4 — the kitchen — should be the big emotional moment.",
            "Don't put the cost plan right after the hero render. Let them enjoy it first.",
            "They keep calling it 'the garden room', use their word.",
            "Go back to slide 7, the section drawing is too small to read.",
            "12 slides, not 15.",
        ),
    ),
    Task(
        key="fenwick_letter",
        ask="Write the cover letter for the planning application at 14 Fenwick Lane — rear dormer, conservation area, and address the neighbour's daylight concerns head-on.",
        nicks=("the Fenwick Lane letter", "the planning letter", "the dormer application"),
        do="write the planning cover letter for 14 Fenwick Lane",
        ctx="The planning officer for 14 Fenwick Lane emailed to say the application is invalid without a cover letter addressing the conservation area.",
        q="could you write the planning cover letter for Fenwick Lane?",
        done="the Fenwick application is validated",
        detail="the dormer in the conservation area",
        client="R. Okonjo, Planning <r.okonjo@hallamcouncil.gov.uk>",
        mail="Re: 14 Fenwick Lane — the application cannot be validated without a covering statement addressing the conservation area and the neighbour objection regarding daylight.",
        replies=(
            "Reference the 45-degree test, we pass it comfortably.",
            "Mrs Pell at number 12 is the objector. Don't name her.",
            "Less defensive. We're being helpful, not fighting.",
            "Cite the 2019 dormer at number 20 as precedent.",
            "The officer asked us to stop using 'sympathetic', apparently every letter says it.",
        ),
    ),
    Task(
        key="tidepool_type",
        ask="Write the typography section of the Tidepool Studio brand guidelines — the two typefaces, sizes, spacing, and a page of do's and don'ts.",
        nicks=("the Tidepool type section", "the brand guidelines", "the type page"),
        do="write the typography section of Tidepool's guidelines",
        ctx="Tidepool's new in-house designer keeps setting headlines in the body font because nobody ever wrote the type rules down.",
        q="could you write up the type rules for Tidepool's guidelines?",
        done="the Tidepool guidelines are published",
        detail="the brand book with the do's and don'ts page",
        client="Kemi Adeyemi <kemi@tidepool.studio>",
        mail="Our new designer is lovely but she keeps using Söhne for headlines. Can we get the type section of the guidelines finished so there's a rule?",
        replies=(
            "Headline leading 1.05, not 1.1 — it looks loose at big sizes.",
            "Add a don't: never set 'STOP' in the display face, the S and T collide. Client's own request lol",
            "Make the do's and don'ts visual, not text.",
            "The body size on mobile is wrong, it's 16 not 15.",
            "A third typeface? No. Two is the rule.",
        ),
    ),
    Task(
        key="greenhouse_carousel",
        ask="Design a 6-slide Instagram carousel for Greenhouse Bakery's autumn menu — cardamom buns, pear tart, the pumpkin loaf; soft and seasonal.",
        nicks=("the Greenhouse carousel", "the bakery carousel", "the autumn menu post"),
        do="design the Greenhouse Bakery autumn carousel",
        ctx="Greenhouse Bakery launches its autumn menu on Saturday and has nothing to post.",
        q="could you put together an autumn carousel for Greenhouse Bakery?",
        done="the Greenhouse carousel is scheduled",
        detail="the bakery post with the cardamom buns",
        client="Maya Lindqvist <maya@greenhousebakery.se>",
        mail="Autumn menu is Saturday!! We have nice photos of the buns, the pear tart and the pumpkin loaf but no idea how to make a carousel. Can you?",
        replies=(
            "Slide 1 has to be the cardamom bun, it's their bestseller.",
            "Put a swipe hint on slide 1, people don't know to swipe.",
            "The pear tart photo is too dark, lift it before you crop.",
            "Keep text off the food. Food is the hero.",
            "4:5, not square.",
        ),
    ),
    Task(
        key="saltorchard_cover",
        ask="Come up with three cover concepts for 'The Salt Orchard' by Ruth Adebayo — literary, a bit eerie, the orchard by the sea.",
        nicks=("the Salt Orchard cover", "Ruth's cover", "the book cover"),
        do="sketch three cover concepts for 'The Salt Orchard'",
        ctx="Ruth Adebayo's publisher needs a cover for The Salt Orchard in the autumn catalogue and the illustrator they commissioned has pulled out.",
        q="could you come up with some cover ideas for The Salt Orchard?",
        done="the Salt Orchard cover is approved",
        detail="the eerie orchard-by-the-sea book",
        client="Gemma Hart (Harrow Press) <gemma.hart@harrowpress.co.uk>",
        mail="Our illustrator has pulled out of The Salt Orchard cover and the catalogue deadline is in ten days. Could you show us some concepts?",
        replies=(
            "Ruth hates the apple idea. Try the salt crust on bark.",
            "Author name smaller. She's a debut.",
            "The title type is fighting the tree. Let one of them win.",
            "needs to read at thumbnail size on a bookshop website",
            "Eerie, not horror. Nobody should think it's a Stephen King.",
        ),
    ),
    Task(
        key="foxglove_email",
        ask="Write the Mother's Day newsletter for Foxglove Florist — warm, not sappy, push the pre-order bouquets, and include a kind line for people whose mum has died.",
        nicks=("the Foxglove newsletter", "the Mother's Day email", "the florist email"),
        do="write Foxglove's Mother's Day newsletter",
        ctx="Foxglove Florist's Mother's Day pre-orders close Tuesday and they haven't emailed their list yet.",
        q="could you write the Foxglove Mother's Day email?",
        done="the Foxglove email went out",
        detail="the florist email with the opt-out line",
        client="Ellie Brook <ellie@foxgloveflorist.co.uk>",
        mail="Pre-orders for Mother's Day close Tuesday! We need an email to the list. Last year some people were upset by it, so can we be kind?",
        replies=(
            "Put the opt-out at the very top: 'Not the right year? We'll stop the Mother's Day emails for you.'",
            "Subject line under 40 characters.",
            "Fewer exclamation marks, it's shouting.",
            "Name the three bouquets: Hedgerow, Peony Cloud and The Kitchen Table.",
            "Sign it from Ellie, not 'the Foxglove team'.",
        ),
    ),
    Task(
        key="marlow_copy",
        ask="Write product descriptions for Marlow Knitwear's 12 new sweaters — 60 words each, mention the yarn and the mill in Hawick, no 'cosy'.",
        nicks=("the Marlow descriptions", "the knitwear copy", "the jumper copy"),
        do="write the Marlow Knitwear product descriptions",
        ctx="Marlow Knitwear's new sweaters went live on their site with only the SKU as a description.",
        q="could you write product copy for the twelve Marlow sweaters?",
        done="the Marlow copy is live",
        detail="the sweaters from the Hawick mill",
        client="Fraser Marlow <fraser@marlowknitwear.com>",
        mail="Website's live but the 12 new jumpers just say 'MK-AW-01' etc. Embarrassing. 60 words each? And please not 'cosy', every brand says cosy.",
        replies=(
            "The Aird crew is lambswool, not merino.",
            "Don't use 'cosy'. Or 'snug'. Fraser will notice.",
            "Each one should mention a different thing about the mill, not the same fact twelve times.",
            "The cardigan's buttons are horn. Mention it.",
            "Under 60 words — some of these are 80.",
        ),
    ),
    Task(
        key="vespa_thumbs",
        ask="Come up with title and thumbnail options for the 'rebuilding a 1972 Vespa' video on Tilly's channel — curiosity without clickbait.",
        nicks=("the Vespa thumbnail", "the Vespa titles", "Tilly's video"),
        do="come up with titles and thumbnails for Tilly's Vespa video",
        ctx="Tilly's Vespa rebuild video goes up Sunday and the thumbnail is currently a blurry still of a spanner.",
        q="could you come up with title and thumbnail ideas for the Vespa video?",
        done="the Vespa video is live",
        detail="the scooter rebuild video",
        client="Tilly Park <tilly@tillyfixesthings.com>",
        mail="video's done!! but my thumbnail is a blurry spanner and my title is 'vespa part 3'. help me pls",
        replies=(
            "Her face has to be in it, the algorithm loves her face apparently.",
            "No red arrows. No red circles.",
            "'I Almost Gave Up On This Vespa' — is it clickbait if it's true?",
            "Try the before/after split, rust on the left, shiny on the right.",
            "Title under 60 characters.",
        ),
    ),
    Task(
        key="pell_boards",
        ask="Storyboard the 15-second Pell Insurance spot — a kid's bike gets nicked, the dad sorts it on his phone, eight frames, end on the logo.",
        nicks=("the Pell storyboard", "the insurance spot", "the 15-second spot"),
        do="storyboard the 15-second Pell Insurance spot",
        ctx="Pell Insurance approved the script for their 15-second spot and the director wants boards before the shoot on the 9th.",
        q="could you board out the Pell Insurance spot?",
        done="the Pell boards are approved",
        detail="the ad with the stolen kid's bike",
        client="Dominic Pell <dominic.pell@pellinsure.co.uk>",
        mail="Script approved internally. Director needs boards before the 9th. 8 frames, 15s.",
        replies=(
            "Frame 3, the bike gone — hold on the empty lock, not the kid crying.",
            "Pell legal says we can't show a claim going through in seconds. Make it 'minutes'.",
            "The dad shouldn't be on his phone at the dinner table, looks bad.",
            "End card: logo plus 'Sorted.' That's all.",
            "can frame 6 be a close-up of the phone instead of a wide?",
        ),
    ),
    Task(
        key="orbit_brief",
        ask="Write the motion brief for the Orbit conference opener — 40 seconds of kinetic type, the speakers' names, the theme 'Slow Signals', for the animator in Porto.",
        nicks=("the Orbit opener", "the kinetic type brief", "the motion brief"),
        do="write the motion brief for the Orbit conference opener",
        ctx="The Orbit conference animator in Porto has started billing and has no brief to work from.",
        q="could you write up a brief for the Orbit opener animation?",
        done="the Orbit opener is rendered",
        detail="the 'Slow Signals' conference titles",
        client="Rui Barros <rui@barrosmotion.pt>",
        mail="Olá! Ready to start the Orbit opener but I only have the theme 'Slow Signals'. Can I get a brief — timing, names, mood? Obrigado, Rui",
        replies=(
            "The type should stop for a full second on 'Slow'. Then go.",
            "Speakers in alphabetical order, or the keynote people will sulk.",
            "Reference: Saul Bass, but sedated.",
            "Don't say 'dynamic' in the brief, Rui will laugh at us.",
            "The music track is 38 seconds, not 40. Brief to that.",
        ),
    ),
    Task(
        key="loop_read",
        ask="Write a 60-second host-read ad for Loop Audio's earbuds for 'The Overlook' podcast — conversational, code OVERLOOK20, don't oversell the noise cancelling.",
        nicks=("the Loop ad read", "the sponsor read", "the Loop script"),
        do="write the 60-second Loop Audio ad read",
        ctx="Loop Audio signed on to sponsor The Overlook from next week's episode and all they sent is a PDF of specs.",
        q="could you write the host-read for Loop Audio?",
        done="the Loop read is recorded",
        detail="the earbud read with the discount code",
        client="Carla Jimenez <carla.j@loopaudio.com>",
        mail="Excited to be on The Overlook! Spec sheet attached. Could we see a script for the host read? Code is OVERLOOK20. Please don't claim total silence, legal will flag it.",
        replies=(
            "She'd never say 'immersive'. She'd say 'I forgot they were in'.",
            "Code is OVERLOOK20, all caps, say it twice.",
            "Legal says don't claim it 'blocks out everything'. Say 'takes the edge off the bus'.",
            "Add the bit where she paused the episode to test them — true story.",
            "Under 150 words or it runs over.",
        ),
    ),
    Task(
        key="otto_board",
        ask="Build a mood board for the picture book 'Otto and the Moon Kite' — gouache, night blues, a bit of Jon Klassen stillness, nothing saccharine.",
        nicks=("the Otto mood board", "the kite book board", "the Otto board"),
        do="build a mood board for 'Otto and the Moon Kite'",
        ctx="The publisher of Otto and the Moon Kite wants to see the visual world before they'll confirm the illustrator's fee.",
        q="could you put together a mood board for the Otto book?",
        done="the Otto board is with the publisher",
        detail="the picture book with the night blues",
        client="Priti Shah (Little Lamp Books) <priti@littlelampbooks.com>",
        mail="Before we confirm the fee we'd love to see the world of Otto — colours, textures, references. A board would be ideal.",
        replies=(
            "More grain. It looks like a screen, not a page.",
            "Swap the Klassen refs for something less obvious, everyone sends Klassen.",
            "The kite should be the only warm colour on the board.",
            "Remove anything with big-eyed animals. Too cute.",
            "Can we see Otto's bedroom in there? It's half the book.",
        ),
    ),
    Task(
        key="wildmoor_label",
        ask="Design the label for Wildmoor Gin's 70cl bottle — botanicals list, ABV 41.2%, a moorland illustration, and it has to survive an ice bucket.",
        nicks=("the Wildmoor label", "the gin label", "the bottle label"),
        do="lay out the Wildmoor Gin 70cl label",
        ctx="Wildmoor Gin's first 2,000 bottles are filled and sitting in the distillery with no labels.",
        q="could you design the 70cl label for Wildmoor Gin?",
        done="the Wildmoor labels are printed",
        detail="the gin bottle with the moorland drawing",
        client="Alasdair Kerr <al@wildmoorgin.scot>",
        mail="2,000 bottles filled, no labels. Can we get a design to the label printer this week? ABV 41.2%, botanicals: heather, bog myrtle, juniper, rowan.",
        replies=(
            "41.2% has to sit in the same field of view as the name — legal requirement.",
            "Heather, bog myrtle, juniper, rowan. In that order.",
            "The illustration loses detail at 70cl size, simplify the hills.",
            "It's going to sit in ice buckets. Uncoated stock, and check the ink.",
            "Gold foil on the name only, not the hills.",
        ),
    ),
    Task(
        key="marsh_mix",
        ask="Write mix notes for the engineer on 'Marsh Light', track 4 — vocals forward, tame the hi-hats, and the big stop before the last chorus has to hit.",
        nicks=("the Marsh Light mix notes", "the track 4 notes", "the mix notes"),
        do="write mix notes for 'Marsh Light'",
        ctx="The engineer mixing Marsh Light starts tomorrow at 10 and has asked for notes on track 4.",
        q="could you write up mix notes for Marsh Light?",
        done="Marsh Light is mixed",
        detail="track 4, the one with the big stop before the last chorus",
        client="Eddie Fairbairn <eddie@fairbairnmixing.com>",
        mail="Hi, starting Marsh Light tomorrow at 10. Any notes on track 4 before I go? Balance, FX, anything you hate?",
        replies=(
            "The stop before the last chorus — total silence, no reverb tail.",
            "Hi-hats are ice picks right now. Tell him that, in nicer words.",
            "Vocal up, but don't make it sound like a pop record.",
            "Reference: the drum sound on the second Big Thief album.",
            "Ask him to send a version with the backing vocals muted.",
        ),
    ),
)


# --- slot vocabularies -------------------------------------------------------------------

_GREET = (
    "",
    "",
    "hey,",
    "Morning!",
    "ok so",
    "Hi —",
    "right,",
    "hiya.",
    "Hello hello.",
    "sorry for the radio silence.",
    "Afternoon.",
)
_COLLEAGUES = ("Tomasz", "Ines", "Kwame", "Lotte", "Rafa", "Yuki", "Dara", "Marisol")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
_ANSWERS = (
    "yes, the warmer one",
    "go with option B",
    "British spelling, please",
    "no, leave the client's name out for now",
    "portrait",
    "yes, that's the right file",
    "the second draft, not the first",
    "either's fine, your call",
    "we've got until Friday",
    "yes please",
    "no, keep it rough",
    "the version from Tuesday's call",
)
_DEAD = (
    "this direction is dead",
    "we've wrung every drop out of this",
    "it's not landing and I don't think it's going to",
    "the spark's gone out of it",
    "I've fallen out of love with it",
    "we're rearranging deckchairs at this point",
    "it's a beautiful corpse",
)
_EVENTS = (
    "the agency just lost the account",
    "our budget got cut in half overnight",
    "Dana's off sick and I'm covering her clients",
    "the client's been bought by a bigger company",
    "the creative director changed her mind in the corridor",
    "the funding fell through",
    "the whole campaign got pushed to spring",
    "the client's board hasn't approved the spend",
)
_HURRY = (
    "sorry typing on my phone — ",
    "(between meetings) ",
    "quick one: ",
    "btw ",
    "in a cab, ",
    "on the tube so brief: ",
)
_EMOJI = (" 🙏", " ✨", " 😩", " 🎨", " 🙃", " 💛", " 🫠")


# --- templates ---------------------------------------------------------------------------
# Slots: g greeting; cn current nick; cdone current done; cemail client email about current;
# nn / nd / nq / nctx / email about the other (new) task; on / odet about the other (earlier)
# task; col colleague; day; ans answer to the agent's question; dead; ev event.
# A capitalised slot name (Cn, Nd, Nq, ...) gives the value with its first letter upper-cased.

_SWITCH: tuple[str, ...] = (
    "{g} honestly {dead}. let's {nd} instead.",
    "ok putting {cn} in the drawer for now. {nctx} can you get on that?",
    "{Ans}. Actually, wait — {nctx} That has to come first, so can you {nd}? The rest can sit.",
    "New brief landed. {Cn} goes on ice; I need you to {nd}.",
    "{g} quick one between meetings: forget {cn} for today. {Nq}",
    "{Ev}, so {cn} is off the table this week. Let's use the time to {nd}.",
    "Forwarding this from the client, it trumps everything:\n\n{email}\n\nSo yeah, {cn} can sit. Please {nd}.",
    "I've been staring at {cn} all morning and it's just not singing. Let it breathe for a few days. Meanwhile — {nq}",
    "{col} is taking over {cn} from here. For you: {nd}.",
    "{Cn} — let's kill this darling. What I actually need today is for you to {nd}.",
    "hmm. ok. {nctx}\n\nthat's the priority now, dig in? {cn} can wait.",
    "Thanks for this. Before you go any further on {cn}: {nq} That's the one the client is chasing; {cn} can keep till {day}.",
    "so the {cn} idea is dead, the client killed it in the room. on to the next: {nd}.",
    "Sorry, change of plan! {Nn} just became urgent. Can you {nd}? Leave {cn} where it is.",
    "{Ans}, but leave it there for now. {nctx} Any idea how we'd tackle that?",
    "I'm pulling you off {cn}. {Nn} needs you — {nd}, please.",
    "we're going to let {cn} go quiet for a bit. ran it past the team and nobody's feeling it. in the meantime could you {nd}?",
    "Right. Shelving {cn}. {Nq}",
    "call ran long, sorry. upshot: {cn} is on hold until the client signs the budget. also: {nctx} so can you {nd}?",
    "{g} I know we were deep in {cn} but my head's somewhere else today. {Nq}",
    "{Cdone} — well, near enough, I'll polish the rest myself. Next: {nd}.",
    "that's enough on {cn}, I'll take it from here. can you {nd}?",
    "Let's not chase {cn} any further today, it's going round in circles. {Nd}?",
    "small fire: {nctx} Could you look at that now? Leaving {cn} half-done is fine.",
    "Scrap everything we did on {cn}. Different job now: {nd}.",
    "The mood board in my head for {cn} has gone murky, I want fresh eyes on it tomorrow. Tonight's job is {nn} — {nd}.",
    "{col} just pinged me: {nctx} I said we'd handle it. {Cn} can go back on the pile.",
    "honestly? I'm done with {cn}. Life's too short. {Nq}",
    "The client's gone quiet on {cn}, so there's no point polishing it. While we wait, {nd}.",
    "ok, swerve: {nd}. {Cn} stays as it is.",
    "Thank you, that's lovely. Sadly it's moot — {ev} and {cn} is cancelled. What I'd love instead is for you to {nd}.",
    "pause {cn}. {nd}. go.",
    "Right so I'm in a cab, typing fast. {Cn} no longer matters this week. {nctx} help?",
    "You know what, let's leave {cn} on the cutting-room floor. {Nn} is what's actually due — can you {nd}?",
    "hey — I'll be honest, the energy's gone out of {cn}. Could you switch over to {nn}? {Nd}.",
    "{Ans}.\n\nAlso, bigger news: {ev}, so {cn} moves to next month. In its place I need you to {nd}.",
    "The brief for {cn} is being rewritten by the agency, so there's nothing to do there until it lands. {Nq}",
    "Can we put a pin in {cn}? {Nn} just jumped the queue — {nd}.",
    "Good progress, but I have to redirect you. {nctx}\nThat needs sorting before anything else — {cn} can keep.",
    "{g} new priorities from the Monday meeting: {nn} first, {cn} later (much later). Start here: {nd}.",
    "nope, {cn} isn't going anywhere good. binning it. {Nq}",
    "ok I've been overruled on {cn}, the creative director wants to sit on it. She's asked us to {nd} instead.",
    "Let's down tools on {cn}.\n\n{email}\n\n^ that. can you handle it?",
    "{Cn} — I'll hand it to {col}, they know the client better. You take {nn}: {nd}.",
    "I think {cn} needs to marinate. Could you {nd} while it does?",
    "stop on {cn} please, and {nd}",
    "Sorry to yank you around. {nctx} So {cn} is going on the back burner and that's what we're doing now.",
    "We've blown the hours on {cn}, the account manager won't approve more. Let's spend what's left of today trying to {nd}.",
    "ugh ok. {ev}. {cn} is dead in the water. can u {nd}",
    "Love where {cn} is heading but it's not today's problem anymore. Today's problem: {nctx} Thoughts, and a fix?",
    "{g}\n\nThree things, sort of:\n1. {ans}\n2. actually forget {cn} after all, I'll explain later\n3. {Nd} — that's the real job now.",
    "my gut says walk away from {cn} for now. there's a fresher itch: {nd}.",
    "Instead of grinding on {cn}, let's {nd}.",
    "Not to give you whiplash, but {nn} landed on my desk with a red sticker on it. {Nq} {Cn} will keep.",
    "it's a wrap on {cn}, good enough for v1. next up, {nn}: {nd}.",
    "{col} says {cn} is on hold pending legal. so — {nd}, please.",
    "The client loved round two of {cn} and we're waiting on their board, so nothing to add there. Meanwhile: {nctx} Can you take it?",
    "Okay, executive decision: {cn} gets parked, {nn} gets all our attention. First step, {nd}.",
    "hey hey. sorry, mad day. can we do {nn} now instead of {cn}? {nd} basically",
    "I'm going to sleep on {cn}. Before I log off though — {nq}",
    "So I had the call with the client. Long story short: they love the energy but the timing's wrong, and they've asked us to hold {cn} until after their board meeting in March. Which, honestly, fine.\n\nThe thing is, {nctx} That's going to eat the rest of the week. Can you {nd}? I'll dig out whatever assets I can find.",
)

_STOP: tuple[str, ...] = (
    "{g} {dead}. leave {cn} where it is.",
    "{Ev}, so {cn} is off. Thanks for everything so far.",
    "{col} is taking {cn} from here, they've got the client relationship. Nothing more needed from you on it.",
    "Let's put {cn} to bed for now, I'll come back to it when the client has replied.",
    "Honestly I think we've hit a wall on {cn}. Let's leave it for today.",
    "{Ans} — though actually, don't bother. {Cn}'s budget just got frozen, we're stopping here.",
    "ok. that's it for {cn}, the client pulled the project this morning.",
    "Can we leave {cn} on the shelf until {day}? I need to think about what I actually want.",
    "stop pls. {cn} isn't happening",
    "The agency's decided to take {cn} in-house. So we're done — thanks for the drafts.",
    "I'm calling it on {cn}. Not worth another round.",
    "{Cn} is on hold until the client signs off the budget, could be weeks. I'll ping you.",
    "hold off on {cn} for now, legal has to review the brief first",
    "right, I'm going to let {cn} sit over the weekend and look at it with fresh eyes.",
    "Forwarded from the client:\n\n> Please pause all work on {cn} until further notice — we're restructuring the campaign.\n\nSo... that.",
    "Ok I had a think overnight and {cn} isn't the right project for us. Let's drop it.",
    "{g} I've been overruled, {cn} gets shelved. Sorry for the wasted effort.",
    "nah. kill it. {cn} was never going to fly.",
    "{Cn}: let's not go further. {col} will pick it up when they're back from leave.",
    "Thanks, but we're going to stop here — {ev}.",
    "Park {cn} please. I'll pick it back up after the pitch.",
    "Ugh. The client's ghosted us on {cn}. Not putting more hours in until they surface.",
    "let's leave {cn} there for today, my brain's mush after the crit",
    "you can stand down on {cn}, the studio head is rewriting the brief from scratch",
    "{Cn} is officially mothballed. Keep the files, I'll decide later.",
    "No more on {cn}, we're over the hours budget and I can't bill it.",
    "I need to step away from {cn}. Too close to it. Let's pause.",
    "Decision from the partners' meeting: {cn} is cancelled. That's all.",
    "can we not do {cn} after all? i'll explain tomorrow",
    "ok that's enough. {Cn} can wait until I've talked to the client on {day}.",
    "{Ans}. And actually, let's call that the last pass on {cn}; I'll take it over by hand from here.",
    "Freeze {cn} where it is, please. Nothing else until we hear back.",
    "We lost the pitch. {Cn} is moot. Thank you for all of it though 💛",
    "Hmm, I'm going to hand {cn} to the junior team, it's a good training brief. You're off the hook.",
    "This is going nowhere and I'd rather walk away than force it. {Cn} is done for now.",
    "Put {cn} in the drawer. Not binning it, just not now.",
    "sorry, just getting a call — {ev}. we'll have to shelve {cn}.",
    "Let's just... stop. I'll look at {cn} again when I'm less tired.",
    "The client is having second thoughts about the whole thing, so {cn} is on ice until they decide.",
    "Leave {cn} with me. I'll finish it on the train.",
    "nope, too many cooks. {col} and the client will sort {cn} out between them, step back from it.",
    "{g} no need to continue with {cn} — the client has gone with another studio.",
    "Okay, long one, sorry.\n\nI took {cn} into the studio crit this morning and the room was... polite. Which is worse than hated. I think the brief was wrong from the start and we've been decorating a bad idea. I'm not going to ask you to fix it, because I don't know what fixed looks like yet.\n\nSo let's leave it. I'll talk to the client on {day} and see whether there's a different project hiding in there.",
)

_RESUME: tuple[str, ...] = (
    "{Cdone}. ok, back to {on}.",
    "Good, that's off my plate. Where were we with {on}? Let's carry on.",
    "Right, now that {cn} is sorted — the other thing. Pick it up where we left off.",
    "ok phew. can we get back to what we parked on {day}?",
    "{g} the client finally replied, so {on} is alive again. Let's keep going.",
    "Let's dust off {on}. Start from the last version you had.",
    "remember {odet}? that one. let's get back into it.",
    "{Cn} can stay as it is. I'd like to return to the thing from before the fire drill.",
    "Sent! Now, where did we leave {on}? Let's finish it.",
    "okay, the budget came through — {on} is back on.",
    "That's good enough for {cn}. Now let's pick up the thread on {odet}.",
    "We're clear of the deadline. I want to go back to {on} — same brief as before.",
    "{col} handed {on} back to us, they couldn't get to it. So it's ours again, let's continue.",
    "ok done with that detour. where were we?",
    "Back to the earlier one please — {odet}.",
    "Now that {cn} is out the door, let's un-park {on}.",
    "the client has stopped dithering, we're a go on {on} again. Take it from the last draft.",
    "Let's reopen {on}. I slept on it and I think it's got legs after all.",
    "fine, {cn} is good. can we go back to {odet} now",
    "Picking up where we left off before all this — {on}. Let's keep pushing.",
    "{Cdone}. Next, revive {on} — I'm feeling it again.",
    "Remember the darling we killed? {On}. Let's bring it back to life.",
    "Ok. Thank you. Now the thing we shelved — you know the one — let's have another go.",
    "The legal review cleared, so {on} is unfrozen. Carry on from where you stopped.",
    "Alright, {cn} can sit with the client now. Let's return to {on}.",
    "hey, can we pick up {on} again? the mood's right today",
    "{g} back to {odet}. I think I've cracked what was bothering me.",
    "Took {cn} as far as it goes for now. Let's go back to the one we paused on {day}.",
    "Resume {on} please.",
    "Well, that was a detour. Back to the main event — {on}.",
    "the pitch is over (we won!! 🎉). So: {on}, let's finish what we started.",
    "{Cn} has gone off to the client. Let's get back to what we were doing before it landed.",
    "ok where was I before {cn} hijacked the day... right, {on}. let's continue.",
    "I owe you a return to {on}. Shall we? Same notes as last time.",
    "The other thing. Now. Before I lose my nerve 😅",
    "Let's go back to {odet} and pick up from your last version.",
    "{Cdone}, thanks. Can we now finish off {on}? It's been sitting there making me feel guilty.",
    "The client found the budget for {on} after all. We're back on it.",
    "Good — {cn} is handed over to {col}. Back to our old friend, {on}.",
    "Right, the earlier thing, the one from {day}. Let's pick it up.",
    "Thaw out {on}. It's time.",
    "{Cn} is in review, nothing to do until they come back. Let's use the gap to carry on with {on}.",
    "Phew. What a week. {Cdone}, the client's happy, and I've finally had a coffee that wasn't drunk standing up.\n\nSo. The one we put down on {day}. I've been thinking about it in the shower all week (sorry) and I think I know what was wrong. Can we open it back up and carry on from your last version?",
)

_REPLY: tuple[str, ...] = (
    # plain: answers, approvals, nudges, feedback rounds, progress questions
    "yes, go with that",
    "{Ans}.",
    "Love it. Keep going on {cn}.",
    "how far along are you with {cn}?",
    "Can you make it warmer? It feels a bit clinical right now.",
    "the second option is the one. push that further",
    "Not quite — too safe. Give me something that makes me a little nervous.",
    "Client's chasing. Nothing changes, just so you feel the heat:\n\n{cemail}",
    "fyi, forwarded below. same job, just more urgent now\n\n{cemail}",
    "quick q, how long till I can see a first pass on {cn}?",
    "Typo in the third line, otherwise perfect.",
    "{g} any update on {cn}? client call in 20",
    "Good. Less is more though, trim it by a third.",
    "I'm between meetings, just keep going, I'll review tonight",
    "yes to the first two, no to the last one, it's too on the nose",
    "Can you show me two more variations before I decide?",
    "this is getting there!! the rhythm in the middle is off though",
    "Send me what you have so far on {cn}, even if it's rough.",
    "One more thing for {cn}: the client hates purple. Like, really hates it.",
    "Hmm, it reads a bit try-hard. Dial it back 20%?",
    "perfect, that's exactly the vibe",
    "Can you explain why you went that way? I want to be able to defend it in the room.",
    "{ans}. carry on",
    "Mood-wise think late-September light, a bit dusty, nothing glossy.",
    "I showed {col} and they loved it. Tighten it up and we're done.",
    "Not sure yet. Put the options side by side and I'll choose after lunch.",
    "the deadline for {cn} is Friday 5pm, fyi",
    "Could you do a smaller version too, for the socials?",
    "ok cool, thanks",
    "Do we have everything we need for {cn}, or are you waiting on me for anything?",
    "It's fine. Honestly it's fine. Send me the draft and I'll react to it.",
    "{Cn} looking sharp. Small thing: let the top breathe more.",
    "wait, which version is this? the one with the client's notes or before?",
    "Okay, notes on this round of {cn}, in no particular order:\n\n- the overall feel is right, don't lose that\n- the middle is doing too much\n- something repeats three times, vary it\n\nNothing major. Keep going and show me the next pass when it's ready.",
    # hard look-alikes: stop / cancel / pause / back / instead / later about the same task
    "Don't stop at three options for {cn}, give me five.",
    "No need to pause and check with me after each bit, just run through all of {cn}.",
    "Instead of the version you just sent, try the same idea but quieter.",
    "Go back to the previous draft of {cn} — that one had more soul — and build from there.",
    "Let's kill a darling: the bit of {cn} you're proudest of. Then carry on.",
    "The client literally said 'stop making it so safe'. So take more risks with {cn}.",
    "is {on} still on hold? don't touch it, I just want to tell the client.",
    "{On} is parked, right? Good. Keep your head in {cn}.",
    "Cancel the last change, I liked it better before. The rest of {cn} stays as is.",
    "Park the second idea, the first is stronger. Keep developing that one.",
    "ha, the client keeps flip-flopping. ignore the noise and keep going on {cn}",
    "I'll get back to you later with the final wording for {cn}; keep working with the placeholder till then.",
    "Drop the last bit, it's fighting with everything else.",
    "Switch the order of the first two sections, then carry on.",
    "Leave a gap where the client's name goes — legal hasn't cleared it yet — and keep going.",
    "Don't worry about {on}, I've told the client it's paused. Just keep on with {cn}.",
    "Before you stop for the day, save everything for {cn} somewhere I can find it.",
    "Later today I'll forward more notes on {cn}; for now keep building on what you've got.",
    "we're not switching direction, just nudging it. same idea, cleaner execution",
    "Back to you — I've made my notes on {cn}, have at it.",
    "Why did we shelve {on} again? Just remind me, no need to reopen it.",
    "You can drop the formal tone. Same content, friendlier.",
    "The word 'stop' shows up four times in that draft, vary it a bit.",
    "Hold the last line, I want to think about it — carry on with everything else.",
    "So I don't forget: once {cn} is done, remind me we parked {on}. Not now, just later.",
    "Scrap the second option, keep the first and push it.",
    "Instead of asking me each time, assume warm-not-cute and run with it.",
    "Cancel that thought, I misread your draft. It's great. Continue.",
    "Pause for a sec — is {cn} supposed to be that long? ok, fine, carry on.",
    "ok the client's back from holiday. nothing changes, keep going on {cn}",
    "i was about to say kill it but actually no. it's growing on me. keep going",
    "This direction is nearly dead — save it. Push it further before we give up on it.",
    "don't bin the rejects from {cn}, we'll want them for the case study",
)


# --- building ---------------------------------------------------------------------------


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _cap(value: str) -> str:
    return value[:1].upper() + value[1:] if value else value


def _email(rng: random.Random, task: Task) -> str:
    name = task.client.split(" <")[0]
    style = rng.randrange(3)
    if style == 0:
        return f"---------- Forwarded message ---------\nFrom: {task.client}\n\n{task.mail}"
    if style == 1:
        return "> " + task.mail
    return f'From {name}:\n"{task.mail}"'


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    slots = {
        "g": rng.choice(_GREET),
        "cn": rng.choice(cur.nicks),
        "cdone": cur.done,
        "cemail": _email(rng, cur),
        "nn": rng.choice(other.nicks),
        "nd": other.do,
        "nq": other.q,
        "nctx": other.ctx,
        "email": _email(rng, other),
        "on": rng.choice(other.nicks),
        "odet": other.detail,
        "col": rng.choice(_COLLEAGUES),
        "day": rng.choice(_DAYS),
        "ans": rng.choice(_ANSWERS),
        "dead": rng.choice(_DEAD),
        "ev": rng.choice(_EVENTS),
    }
    slots.update({_cap(k): _cap(v) for k, v in list(slots.items())})
    return slots


def _tidy(text: str) -> str:
    lines = [re.sub(r" {2,}", " ", line).strip() for line in text.split("\n")]
    return "\n".join(lines).strip()


def _template_builder(kind: str, template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = rng.sample(_TASKS, 2)
        text = _tidy(template.format(**_slots(rng, cur, other)))
        return {
            "kind": kind,
            "text": text,
            "current_task": cur.ask,
            "stopped_task": other.ask if kind == "resume" else None,
        }

    return build


def _task_reply(rng: random.Random) -> Case:
    task = rng.choice(_TASKS)
    return {
        "kind": "reply",
        "text": rng.choice(task.replies),
        "current_task": task.ask,
        "stopped_task": None,
    }


def _builders() -> dict[str, list[Builder]]:
    return {
        "switch": [_template_builder("switch", t) for t in _SWITCH],
        "stop": [_template_builder("stop", t) for t in _STOP],
        "resume": [_template_builder("resume", t) for t in _RESUME],
        # task-specific replies make up roughly 40% of the reply pool
        "reply": [_template_builder("reply", t) for t in _REPLY] + [_task_reply] * 45,
    }


_SUBS = (
    (r"\bplease\b", "pls"),
    (r"\byou\b", "u"),
    (r"\bthanks\b", "thx"),
    (r"\bbecause\b", "bc"),
    (r"\btomorrow\b", "tmrw"),
    (r"\bokay\b", "ok"),
)


def _typo(text: str, rng: random.Random) -> str:
    words = [m for m in re.finditer(r"[A-Za-z]{5,}", text)]
    if not words:
        return text
    m = rng.choice(words)
    word = m.group()
    i = rng.randrange(1, len(word) - 2)
    swapped = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    return text[: m.start()] + swapped + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    """Typing noise of a person in a hurry; applied to some cases only."""
    if rng.random() < 0.22:
        text = text.lower()
    if rng.random() < 0.12:
        text = text.replace("'", "").replace("’", "")  # noqa: RUF001
    if rng.random() < 0.15:
        for pattern, repl in _SUBS:
            text = re.sub(pattern, repl, text, flags=re.IGNORECASE)
    if rng.random() < 0.10:
        text = _typo(text, rng)
    if rng.random() < 0.08:
        text = rng.choice(_HURRY) + text
    if rng.random() < 0.07:
        text = text + rng.choice(_EMOJI)
    if rng.random() < 0.06:
        text = text.rstrip(".!")
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
            if not key or key in seen:
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
    assert len({t.key for t in _TASKS}) == len(_TASKS)
    assert len({t.ask for t in _TASKS}) == len(_TASKS)
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
