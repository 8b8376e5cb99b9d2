# ruff: noqa: E501
"""Held-out corpus ``k`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Written as an independent author, WITHOUT opening packlight's turn classifier or any corpus or
result built against it: nothing under ``src/``, ``tests/`` or ``benchmarks/results/`` was opened
or grepped, nor ``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py`` or any
other ``_turns_corpus_*.py``, except lines 1-45 of ``benchmarks/_turns_corpus_d.py`` (docstring,
``KINDS``, ``PLAN``) plus its ``generate`` function and ``__main__`` self-check, read only to copy
the interface (none of its wording was reused). The classifier was never run on this corpus; do
not tune this file against its output.

Authorship choices: an ACADEMIC, RESEARCH and WRITING assistant. Twenty-six tasks (thesis
chapter edits, a grant budget justification, responses to reviewers, an R re-analysis, survey
design, a conference poster, a literature matrix, a seminar deck, an abstract translation,
citation cleanup, a lab protocol, interview coding, a book proposal, a syllabus, a blog post,
reference letters, an ethics application, a data management plan, a systematic-review search,
a marking rubric, a focus-group transcript, ...), each with its own names and facts. Voices: a
professor writing long formal emails with the decision buried mid-paragraph, an anxious and
apologetic PhD student, a co-author forwarding a quoted note with one line on top, a research
manager in terse bullet points, British understatement and hedged requests. Switch, stop and
resume wording is mostly indirect ("rather more pressing", "the deadline has moved to spring, so
let's leave it", "returning to", "as for the matter we set aside"); most messages avoid the words
stop / instead / switch. At least a third of the replies are hard look-alikes that use stop,
drop, pause, switch, instead, hold, leave, quit or later as the subject matter of the task in
force ("reviewer 2 wants us to drop Table 3", "switch the figure to greyscale"), and some replies
ask for MORE work later ("additionally, once you're done, could you also ...") without halting the
task in force. A few cases get register noise (lowercase, typos, texting abbreviations).

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated (no normalised text appears twice, under any kind) and shuffled with ``seed``.
Each case is a dict with ``kind``, ``text``, ``current_task`` (the task in force; for a resume,
the task done in between) and ``stopped_task`` (for a resume, the earlier stopped task now taken
up again; otherwise ``None``). Tasks are given as the sentence the person first used to ask them.
``python benchmarks/_turns_corpus_k.py`` prints the self-check.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))


@dataclass(frozen=True)
class Task:
    """One research or writing task, with the ways a person refers back to it."""

    first: str  # the sentence the person first used to ask for it
    refs: tuple[str, ...]  # short lowercase references once it is under way ("the chapter")
    noun: str  # a full name for it, used when it is brought in as a new task
    ask: str  # an imperative clause asking for it from scratch (lowercase start)
    details: tuple[str, ...]  # answers, facts and same-task instructions
    looks: tuple[str, ...]  # same-task look-alikes using stop/drop/pause/switch... words
    prose: bool = True  # written text (so spelling/tone remarks fit)


TASKS: tuple[Task, ...] = (
    Task(
        "Could you edit Chapter 3 of my thesis, the methods chapter, for flow and get it under 12,000 words?",
        ("the chapter", "Chapter 3", "the methods chapter", "the thesis edits"),
        "the edits to Chapter 3 of my thesis",
        "go through Chapter 3 of my thesis and tighten the methods",
        (
            "Dr Okafor prefers 'participants' to 'subjects', so please change those.",
            "The 12,000 words excludes the appendices and the references.",
            "Keep section 3.4 on sampling more or less as it is; the examiners liked it.",
            "The fieldwork was in Kisumu and Eldoret, not Nairobi, in case that's unclear.",
        ),
        (
            "Section 3.2 says we stopped recruiting after 40 interviews — can you make the reason for that clearer?",
            "Dr Okafor wants the paragraph about the participants who dropped out moved up to 3.1.",
            "Switch the tense in 3.1 to the past throughout, please.",
            "The bit on saturation says we 'paused analysis to reflect' — keep that, but shorten it.",
        ),
    ),
    Task(
        "Please write the budget justification for our Leverhulme grant application — £248k over three years.",
        ("the budget justification", "the budget", "the Leverhulme budget"),
        "the budget justification for the Leverhulme bid",
        "write the budget justification for the Leverhulme bid",
        (
            "The postdoc is at grade 7, spine point 31, starting October.",
            "Finance says estates costs are fixed at £38,400; don't argue for them.",
            "There are two fieldwork trips to Lisbon, about £1,900 each.",
            "Leverhulme doesn't fund overheads, so leave indirect costs out entirely.",
        ),
        (
            "The postdoc's contract stops at month 30, so justify the last six months as technician time.",
            "Drop the travel line to £4,000 and move the remainder into equipment.",
            "Hold the consumables at last year's figure; the panel queried the increase.",
            "Reviewers often ask why we pause fieldwork in year two — add a sentence on the teaching buyout.",
        ),
    ),
    Task(
        "Can you draft our response to the reviewers for the Journal of Applied Ecology resubmission?",
        ("the response to reviewers", "the rebuttal", "the reviewer response", "the responses"),
        "the response to the reviewers for the Journal of Applied Ecology",
        "draft our response to the Journal of Applied Ecology reviewers",
        (
            "We did add the sensitivity analysis; it's in Appendix S4 now.",
            "Keep the tone grateful but firm on the point about spatial autocorrelation.",
            "Line numbers refer to the tracked-changes version, please say so at the top.",
        ),
        (
            "Reviewer 2 wants us to drop Table 3 — say we'd rather move it to the supplement.",
            "Reviewer 1 asks why we stopped sampling in August; it was the drought, so say that politely.",
            "Reviewer 3 suggests we switch to a mixed model — explain that the revision already does.",
            "The editor asks us to cut the discussion instead of the methods; agree to that.",
        ),
    ),
    Task(
        "Please re-run the analysis in R for the sleep study using a mixed-effects model with participant as a random effect.",
        ("the re-analysis", "the R analysis", "the models", "the sleep study analysis"),
        "the R re-analysis of the sleep study",
        "re-run the sleep study analysis in R with lme4",
        (
            "The data file is sleep_wave2_clean.csv; ignore the older wave1 export.",
            "Use lme4, and report the random-effect variances as well.",
            "Age should be centred at 40, that's what the preregistration says.",
            "We need the estimates to two decimal places for the journal.",
        ),
        (
            "Switch the figure to greyscale; the journal charges for colour.",
            "Drop the three participants who withdrew before week 2.",
            "Use the 'stopped_early' column as a covariate in the second model.",
            "If the model fails to converge, swap to bobyqa instead of the default optimiser.",
        ),
        prose=False,
    ),
    Task(
        "Could you help me design the staff wellbeing survey — about 20 questions, Likert scales, for Qualtrics?",
        ("the survey", "the wellbeing survey", "the questionnaire"),
        "the staff wellbeing survey",
        "design the staff wellbeing survey for Qualtrics",
        (
            "Use a five-point agree/disagree scale, not seven.",
            "HR wants one open question at the end, no more.",
            "It goes out to roughly 900 professional services staff.",
        ),
        (
            "Add an item asking whether they've seriously considered quitting in the last year.",
            "Give a 'prefer not to say' option so people can skip rather than drop out.",
            "Respondents can pause and come back later — put that in the intro text.",
            "The question about workload should say 'stop working' rather than 'log off'.",
        ),
    ),
    Task(
        "Please lay out the conference poster for ISBE in Melbourne — A0 portrait, three results panels.",
        ("the poster", "the ISBE poster", "the poster layout"),
        "the ISBE poster",
        "lay out the A0 poster for ISBE",
        (
            "The logos go bottom right: university, then the ARC.",
            "Title font at least 90pt; it's a big hall.",
            "QR code should link to the preprint on bioRxiv.",
        ),
        (
            "Switch the figure in the right-hand panel to greyscale.",
            "Drop the acknowledgements box, it's far too crowded.",
            "The title should read 'When foragers stop: patch leaving in bumblebees'.",
            "Leave a blank strip at the bottom for the pins.",
        ),
    ),
    Task(
        "Can you build a literature matrix of the 40 papers on teacher burnout — author, year, method, sample, key finding?",
        ("the matrix", "the literature matrix", "the lit matrix", "the burnout matrix"),
        "the literature matrix on teacher burnout",
        "build the literature matrix of the teacher burnout papers",
        (
            "The PDFs are all in the shared Zotero folder called 'burnout_core'.",
            "Sample size as a number please, not 'large'.",
            "Only include the 2015-onwards papers in the main sheet.",
        ),
        (
            "Add a column for whether the study had attrition or stopped early.",
            "Kowalski 2019 is about teachers who quit — keep it, it's relevant.",
            "Switch the sort order to year, newest first.",
            "Several papers compare leavers with stayers; put that under 'design'.",
        ),
    ),
    Task(
        "Please put together a 15-slide deck for my departmental seminar on Thursday about the coral bleaching results.",
        ("the slides", "the deck", "the seminar deck", "the talk"),
        "the seminar slides on the coral bleaching results",
        "put together the seminar deck on coral bleaching",
        (
            "The department template is the navy one with the crest.",
            "It's a 40-minute slot, so 15 slides is right.",
            "Heron Island and Lizard Island are the two sites; keep them in that order.",
        ),
        (
            "On slide 9, bleaching stops above 31°C in our data — make that the headline.",
            "Drop the second map, the first one says it all.",
            "Switch slides 4 and 5 round.",
            "Add a 'pause for questions' slide after the methods.",
        ),
    ),
    Task(
        "Could you translate our abstract into Spanish for the Congreso Iberoamericano submission?",
        ("the translation", "the abstract", "the Spanish abstract"),
        "the Spanish translation of our abstract",
        "translate our abstract into Spanish for the Congreso",
        (
            "Use Latin American Spanish, the congress is in Bogotá.",
            "Keep it under 250 words, same as the English.",
            "'Smallholder' is 'pequeño productor' in our field.",
        ),
        (
            "'Discontinued' should be 'interrumpido', not 'suspendido'.",
            "Leave 'mixed-methods' in English, everyone uses it.",
            "The sentence about farmers who abandoned irrigation reads oddly — try again.",
            "Translate 'drop-out rate' as 'tasa de abandono'.",
        ),
    ),
    Task(
        "Please clean up the references in the manuscript — APA 7th, fix the DOIs, remove duplicates.",
        ("the references", "the reference list", "the citations", "the citation cleanup"),
        "the citation cleanup on the manuscript",
        "clean up the references in the manuscript to APA 7th",
        (
            "The master library is the Zotero group 'MS-2024'.",
            "Preprints that are now published should cite the published version.",
            "There are about 140 entries, I think.",
        ),
        (
            "Drop the duplicate Nguyen 2020 entry, the one without a DOI.",
            "Switch the in-text citations to APA's rule for three or more authors.",
            "Leave the grey literature entries as they are; they have no DOIs.",
            "The Hart reference was retracted — keep it but add the retraction notice.",
        ),
    ),
    Task(
        "Can you write up the RNA extraction protocol for the new lab manual?",
        ("the protocol", "the RNA protocol", "the extraction protocol"),
        "the RNA extraction protocol for the lab manual",
        "write up the RNA extraction protocol for the manual",
        (
            "We use the Qiagen RNeasy mini kit, not the Zymo one.",
            "Everything is on ice unless the step says otherwise.",
            "Yusuf will check it before it goes in the manual.",
        ),
        (
            "Add a step: stop the centrifuge at 5 minutes and put the tubes back on ice.",
            "Mark a pause point after the ethanol wash — samples can be held at -80°C overnight.",
            "The kit says discard the flow-through, don't keep it.",
            "Warn people never to leave the lysate at room temperature.",
        ),
    ),
    Task(
        "Please code the twelve nurse interview transcripts against our codebook.",
        ("the coding", "the transcripts", "the interview coding", "the nurse interviews"),
        "the coding of the nurse interviews",
        "code the twelve nurse interview transcripts against the codebook",
        (
            "The codebook is version 4, the one with 'moral distress' as a parent code.",
            "Double-code anything about staffing; it matters for paper two.",
            "Transcripts 1 to 6 are from the Leeds site, 7 to 12 from Bradford.",
        ),
        (
            "Participant 7 talks about wanting to quit the ward — code that as 'exit intentions'.",
            "Whenever someone says they had to stop mid-shift, use the 'interruption' code.",
            "Drop the code 'miscellaneous', it's become a dumping ground.",
            "Nurse 3 describes a handover where they 'just left it' — that's 'missed care'.",
        ),
    ),
    Task(
        "Could you draft the book proposal for Routledge — the one on urban allotments — with chapter summaries?",
        ("the proposal", "the book proposal", "the Routledge proposal"),
        "the Routledge book proposal on allotments",
        "draft the Routledge proposal for the allotments book",
        (
            "Target length is 80,000 words, eight chapters.",
            "The competing titles are Crouch's and the Ward edition.",
            "The editor is Hannah Ellis; she likes short summaries.",
        ),
        (
            "Chapter 6 is about gardeners who gave up their plots — summarise it in two sentences.",
            "Drop the chapter on seed saving, it doesn't fit.",
            "The market section should stress that councils keep cutting plots.",
            "Leave the timeline vague: 'manuscript within 18 months'.",
        ),
    ),
    Task(
        "Please draft the syllabus for my second-year module, Introduction to Political Theory, twelve weeks.",
        ("the syllabus", "the module outline", "the political theory syllabus"),
        "the syllabus for Introduction to Political Theory",
        "draft the twelve-week syllabus for Introduction to Political Theory",
        (
            "Seminars are on Wednesdays, lectures on Mondays.",
            "Assessment is one 2,500-word essay and an exam.",
            "Core text is the Oxford reader, third edition.",
        ),
        (
            "Week 6 is reading week, so teaching pauses — mark it clearly.",
            "Switch weeks 4 and 5 round so Rousseau comes after Locke.",
            "Drop Hobbes from week 3; Locke on his own is enough.",
            "Week 10 is on civil disobedience and when citizens should stop obeying — keep that title.",
        ),
    ),
    Task(
        "Can you write a blog post for the lab website about our new paper on microplastics in estuaries?",
        ("the blog post", "the post", "the blog"),
        "the lab blog post on the microplastics paper",
        "write the lab blog post about the microplastics paper",
        (
            "About 800 words, for a general audience.",
            "The paper is open access in Marine Pollution Bulletin.",
            "Mention that the sampling was done by our undergraduates.",
        ),
        (
            "End with a line about what readers can do to stop plastic getting into rivers.",
            "Drop the jargon about polymer types, nobody outside the field cares.",
            "Swap the stock photo for the one of the Tamar estuary.",
            "The headline could be 'The plastic that never leaves'.",
        ),
    ),
    Task(
        "Please draft a reference letter for Priya Raman, who's applying to the Oxford DPhil in Education.",
        ("the reference letter", "Priya's letter", "Priya's reference"),
        "the reference letter for Priya Raman",
        "draft a reference letter for Priya Raman's Oxford application",
        (
            "I supervised her MA dissertation, which got 78.",
            "She also ran the reading group for two years.",
            "Keep it to one page on letterhead.",
        ),
        (
            "Mention that she paused her studies in 2021 for family reasons, but briefly.",
            "Drop the line about her being 'quiet'; it could be read the wrong way.",
            "Say she never gives up on a difficult source.",
            "Switch 'very good' to 'outstanding' in the final paragraph.",
        ),
    ),
    Task(
        "Could you prepare the ethics application for the school-based study with the under-16s?",
        ("the ethics application", "the ethics form", "the ethics paperwork"),
        "the ethics application for the schools study",
        "prepare the ethics application for the schools study",
        (
            "It's going to the faculty committee, not the university one.",
            "Parents get an opt-in form; the pupils give assent.",
            "Data will be stored on the university OneDrive only.",
        ),
        (
            "Say participants can stop the interview at any point without giving a reason.",
            "Explain how a pupil can withdraw their data later, up to the end of term.",
            "If a child becomes distressed, the researcher pauses and contacts the safeguarding lead.",
            "Drop the bit about audio backups on phones, we won't do that.",
        ),
    ),
    Task(
        "Please write the data management plan for the ESRC application.",
        ("the DMP", "the data management plan", "the data plan"),
        "the data management plan for the ESRC bid",
        "write the data management plan for the ESRC bid",
        (
            "We deposit in the UK Data Service at the end of the project.",
            "Interviews are recorded on encrypted devices.",
            "The project runs 36 months from January.",
        ),
        (
            "Say that identifiable data will be deleted after ten years.",
            "Explain what happens to the data if a participant drops out halfway.",
            "Switch the storage section to mention the new secure server.",
            "Note that sharing stops for the pilot data; it can't be anonymised.",
        ),
    ),
    Task(
        "Can you build the search strategy for our systematic review on exercise and depression — PubMed, PsycINFO and Scopus?",
        ("the search strategy", "the searches", "the search strings"),
        "the search strategy for the exercise and depression review",
        "build the search strategy for the exercise and depression review",
        (
            "Date limits are 2000 to the present.",
            "English and Spanish language papers only.",
            "Our librarian, Siobhan, will peer-review the strings with PRESS.",
        ),
        (
            "Add 'discontinuation' and 'dropout' to the adherence block.",
            "Switch the MeSH term to 'Depressive Disorder' rather than 'Depression'.",
            "Drop the Cochrane filter, it's cutting too much.",
            "Include trials that were stopped early; they matter for bias.",
        ),
        prose=False,
    ),
    Task(
        "Please draft a marking rubric for the third-year dissertation module.",
        ("the rubric", "the marking rubric", "the marking criteria"),
        "the dissertation marking rubric",
        "draft the marking rubric for the dissertation module",
        (
            "Bands are first, 2:1, 2:2, third and fail.",
            "Five criteria, equally weighted.",
            "External examiner is Dr Lindqvist; she likes plain language.",
        ),
        (
            "The 'argument' criterion should reward knowing when to stop and qualify a claim.",
            "Drop 'presentation' as a separate criterion; fold it into structure.",
            "Switch the order so 'analysis' comes before 'literature'.",
            "Leave the fail band short — two lines.",
        ),
    ),
    Task(
        "Could you tidy the transcript of Tuesday's focus group — remove fillers and mark the speakers?",
        ("the transcript", "the focus group transcript", "the tidy-up"),
        "the focus group transcript from Tuesday",
        "tidy up Tuesday's focus group transcript",
        (
            "There were six participants, F1 to F6, plus me as the moderator.",
            "Keep laughter as [laughs].",
            "The recording is 74 minutes.",
        ),
        (
            "Where the recording cuts out at 23:10, just mark it [inaudible] and carry on.",
            "F4 says 'I'd stop coming if it moved online' — keep that verbatim.",
            "Leave in the pauses longer than three seconds as [pause].",
            "Drop the five minutes of chat about parking at the start.",
        ),
    ),
    Task(
        "Please help me write my peer review of the PLOS ONE manuscript on antibiotic stewardship.",
        ("the review", "my review", "the referee report", "the PLOS review"),
        "my peer review of the antibiotic stewardship manuscript",
        "write my referee report on the antibiotic stewardship paper",
        (
            "My recommendation is major revisions.",
            "Be constructive; it looks like an early-career team.",
            "The main issue is the lack of a control ward.",
        ),
        (
            "The authors stopped the intervention after six months — ask them why.",
            "Suggest they drop the secondary outcome; it's underpowered.",
            "Ask whether prescribers switched to broad-spectrum drugs instead.",
            "Point out that patients who left hospital early are missing from Table 2.",
        ),
    ),
    Task(
        "Could you draft a cover letter to the editor of Nature Communications for our submission?",
        ("the cover letter", "the letter to the editor", "the submission letter"),
        "the cover letter for Nature Communications",
        "draft the cover letter to Nature Communications",
        (
            "The handling editor we'd like is Dr Ferreira.",
            "Suggest three reviewers; I'll send names.",
            "Mention the preprint on medRxiv.",
        ),
        (
            "Say the work shows why some patients stop responding to the drug.",
            "Drop the sentence claiming it's 'the first study'; it isn't.",
            "Note that we held back the replication cohort for a second paper.",
        ),
    ),
    Task(
        "Can you restructure Chapter 2, the literature review, around the three themes we discussed?",
        ("the literature review", "Chapter 2", "the lit review", "the restructure"),
        "the restructure of Chapter 2, the literature review",
        "restructure the literature review chapter around the three themes",
        (
            "The themes are belonging, precarity and voice.",
            "Keep the 2.1 overview short, a page at most.",
            "Professor Hale wants fewer block quotes.",
        ),
        (
            "The section on precarity should say why workers leave the sector, not just that they do.",
            "Drop the subsection on the 1970s literature.",
            "Switch the order of themes two and three.",
            "Pause the argument briefly after 2.3 with a short summary box.",
        ),
    ),
    Task(
        "Please prepare the impact case study draft for the REF — the one on flood warnings.",
        ("the impact case study", "the case study", "the REF draft"),
        "the REF impact case study on flood warnings",
        "prepare the REF impact case study on flood warnings",
        (
            "The beneficiary is the Environment Agency's warning team.",
            "Underpinning research is the three papers from 2016 to 2019.",
            "Five pages maximum, REF template.",
        ),
        (
            "Say the old warning system was stopped in 2020 because of our findings.",
            "Drop the testimonial from the councillor; it's too vague.",
            "Switch the emphasis from reach to significance.",
        ),
    ),
    Task(
        "Could you draft the minutes from yesterday's research group meeting?",
        ("the minutes", "the meeting minutes", "the notes from the meeting"),
        "the minutes of the research group meeting",
        "write up the minutes from the research group meeting",
        (
            "Present were Ana, Tomasz, Grace and me; Leo sent apologies.",
            "Action points go in a table at the end.",
            "The next meeting is on the 19th.",
        ),
        (
            "Record that we agreed to stop recruiting for the pilot.",
            "Note that Tomasz will drop the second field site.",
            "Minute that the cluster project is on hold until funding is confirmed.",
            "Say we'll switch meetings to fortnightly.",
        ),
    ),
)

PEOPLE = (
    "Professor Hale",
    "Dr Okafor",
    "the Head of School",
    "my supervisor",
    "the Dean",
    "Marta",
    "the PI",
    "Tomasz",
    "the graduate school",
)
COAUTHORS = ("Ana", "Grace", "Rahul", "Ines", "Tom", "Dr Brennan", "Keiko")
SIGS = (
    "Best wishes,\nR. Hale",
    "Kind regards,\nProf. Adeyemi",
    "With best wishes,\nMargaret",
    "Yours,\nJ. Whitcombe",
    "Best,\nHelen",
)
DAYS = ("Friday", "Monday", "Wednesday", "the 14th", "end of the week", "Tuesday noon")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- switch: the current task is set aside and a NEW, named task taken up in its place -------

SWITCH_TEMPLATES: tuple[str, ...] = (
    # professor, long formal email, decision buried mid-paragraph
    "Dear all,\n\nThank you for the draft of {cur}, which I read on the train this morning. I spoke with {person} yesterday about the department's priorities for the coming fortnight, and in light of that conversation I think it best that {cur} be set aside for the present and that you {new_ask} in its place. I shall write separately about the wider timetable, and I am grateful, as ever, for the care you are taking.\n\n{sig}",
    "Many thanks for your note. I have now had a chance to consult {person}, who feels, and I am inclined to agree, that {new_noun} must take precedence this week; could you therefore put {cur} to one side and {new_ask}? The earlier material will keep. I hope the weather is kinder where you are.\n\n{sig}",
    "Dear colleague, I hope the term is treating you gently. Following the committee this afternoon — a long one, I'm afraid — the view is that {new_noun} cannot wait, so I would ask you to lay {cur} aside for now and {new_ask}. No doubt we will revisit the rest in due course.\n\n{sig}",
    # PhD student, anxious and apologetic
    "sorry sorry, I know you're in the middle of {cur} but {person} just emailed and {new_noun} is suddenly way more pressing — could you {new_ask} now? really sorry to mess you around",
    "Hi, I'm so sorry to do this — I think I've got my priorities wrong. Can we leave {cur} where it is and {new_ask}? {Person} asked about it in supervision and I panicked a bit. Sorry!!",
    "Apologies, this is probably my fault for not planning better, but could you {new_ask} first? {Cur} can wait until after, I hope that's ok.",
    "ugh sorry, change of plan. {Person} needs {new_noun} by {day}, so please {new_ask} and don't worry about {cur} for now",
    # co-author forwarding a note with one line on top
    "See below from {coauthor} — looks like {new_noun} has to come first now, so park {cur}.\n\n> Hi both, the deadline is {day} and nobody has touched {new_noun}. Can we get it done before anything else?",
    "Forwarding {coauthor}'s message. Let's do what she says.\n\n> I'd put {cur} on the back burner and {new_ask} — that's the one with the hard deadline.",
    "FYI, from {coauthor} this morning (one line from me: yes, agreed, {cur} can wait):\n\n> Could the assistant {new_ask} today? It's urgent.",
    # research manager, terse bullets
    "- {Cur}: on hold\n- Priority now: {new_ask}\n- Needed by {day}",
    "Quick update:\n- {cur} — parked\n- {new_noun} — start now\n- ping me when a draft exists",
    "Re priorities:\n* {new_noun} moved to top\n* {cur} deprioritised\n* please {new_ask}",
    # British understatement
    "Perhaps we might leave {cur} for now and {new_ask} — it's become rather more pressing, I'm afraid.",
    "I rather think {cur} can rest for a bit. Would you mind awfully if we had a go at {new_noun}? {Person} has been asking.",
    "Not to be a nuisance, but {new_noun} has crept up on us somewhat. Could you {new_ask}, and we'll let {cur} lie for the moment?",
    # hedged requests
    "I wonder whether we could turn to {new_noun} instead; {cur} can wait.",
    "Would it be possible to {new_ask} at this point? I think {cur} will keep until next week.",
    "Might we move on to {new_noun}? I'm not sure there's much more to gain from {cur} today.",
    "I'm wondering if it would make more sense to {new_ask} now and come back to {cur} another day.",
    # plain but indirect
    "Actually, {new_noun} is more urgent. Can you {new_ask}? Leave {cur}.",
    "Scrap {cur} — {person} has pulled it. What I need now is for you to {new_ask}.",
    "Change of plan: {new_ask}. Forget {cur} for now.",
    "Let's put {cur} down and pick up {new_noun}: please {new_ask}.",
    "OK, enough on {cur}. Next thing: {new_ask}.",
    "{Person} says {cur} is no longer needed, so could you {new_ask} in its place?",
    "No more on {cur}, please; I need you to {new_ask} before {day}.",
    "Can you {new_ask}? That's the priority now — {cur} is on ice.",
    "The deadline for {cur} has moved to spring, so let's set it aside and {new_ask} while we have the time.",
    "Right, {new_noun} takes over from {cur}. Please {new_ask}.",
    "Hold {cur} and {new_ask} — the funder rang this morning.",
    "Drop what you're doing on {cur}; I need you to {new_ask}.",
    "Could you stop {cur} and {new_ask} instead?",
)

# --- stop: the current task is halted or paused; nothing new is asked ------------------------

STOP_TEMPLATES: tuple[str, ...] = (
    "Dear all,\n\nI hope this finds you well. You will have seen the faculty's note about the revised review cycle; the upshot is that the deadline has moved to the spring, and so there is no urgency whatever about {cur}. I would suggest we leave it where it stands for the time being. Do let me know if anything is unclear.\n\n{sig}",
    "Thank you for the latest version. Having reflected overnight, and after a brief word with {person}, I am minded to let {cur} rest where it is for now; circumstances have changed rather, and I would not want you to spend further effort on it. I'll be in touch when things are clearer.\n\n{sig}",
    "Dear colleague, a short note, as I am between meetings. The project that {cur} was meant for has been withdrawn, so I'm afraid there is no point continuing with it. My apologies for the wasted effort, which is entirely not of your making.\n\n{sig}",
    "Many thanks for all of this. The plans for the volume have changed somewhat — the publisher has postponed the series — so please don't take {cur} any further at present. We shall regroup in the new year.\n\n{sig}",
    "sorry, I think we should pause {cur} — {person} wants to look at it first and I don't want you to go too far in the wrong direction. sorry for the stop-start",
    "Hi, really sorry, can we just leave {cur} for today? I'm completely overwhelmed and can't review anything else right now. Sorry!",
    "I'm so sorry, I've just realised {person} never approved {cur}, so please don't do any more on it until I've checked. Sorry again",
    "oh no, sorry — {person} says we're not doing {cur} after all. please leave it there, I feel awful",
    "Forwarding from {coauthor} — sounds like we put {cur} on hold.\n\n> The journal has frozen the special issue, so nothing more on this until we hear back.",
    "See {coauthor}'s note below. So: nothing further on {cur} for now.\n\n> Let's not spend more time on it until the reviews come back.",
    "- {Cur}: pause here\n- Reason: budget freeze\n- Will confirm next steps",
    "{Cur}:\n- on hold as of today\n- no further work until notified",
    "Status change:\n* {cur} — cancelled\n* no action needed from you",
    "Perhaps we might leave {cur} for now.",
    "I think we can let {cur} lie for the moment, if you don't mind.",
    "Let's call it a day on {cur}, shall we? That'll do for now.",
    "I rather suspect {cur} isn't needed any more, so do leave it there.",
    "I wonder whether we ought to hold off on {cur} until {person} has had a look.",
    "Probably best not to carry on with {cur} just now.",
    "The deadline got moved to spring, so no rush on {cur} — let's leave it.",
    "Plans have changed and {cur} isn't going ahead, so you can leave it there.",
    "That's enough on {cur} for today, thanks. We'll pick it up another time.",
    "Hang on — don't go any further with {cur}.",
    "Park {cur}, please. I'll let you know if it comes back.",
    "We're shelving {cur}; {person} has decided against it.",
    "Let's pause {cur} there until I've heard from {person}.",
    "Please halt {cur}. It's been overtaken by events.",
    "Never mind {cur}, it's not happening this year.",
    "No need to finish {cur} — the whole thing has been called off upstairs.",
    "{Cur} can wait indefinitely, I'm afraid. Leave it as it is.",
    "Stop there on {cur}, please.",
    "You can stop working on {cur}; it's no longer needed.",
    "Put a pin in {cur} for now.",
    "Hold everything on {cur} until further notice.",
    "Can we leave it there? I need to think about {cur} before we go on.",
)

# --- resume: back to a task stopped earlier, after another one was done in between ----------

RESUME_TEMPLATES: tuple[str, ...] = (
    "Dear all,\n\nThank you for turning {cur} round so quickly; it has gone off this morning. I should now be grateful if we could return to {old}, which we set aside a little while ago. I believe the outstanding points are as they were, and I do not think anything has changed in the interim.\n\n{sig}",
    "With {cur} safely submitted — and many thanks for that — I wonder whether we might now take up {old_noun} again from where we left it. {Person} has asked after it.\n\n{sig}",
    "Dear colleague, a brief note. The matter we set aside — {old_noun} — can now be resumed; the committee has given its blessing. Please carry on as before.\n\n{sig}",
    "ok {cur} is done, thank you so much!! sorry to ask but could we go back to {old} now? I've been worrying about it",
    "Hi! Now that {cur} is out of the way, can we pick {old} back up? Sorry it's been so stop-start.",
    "sorry, me again — {person} asked about {old} so could we carry on with it from where we stopped?",
    "Picking up where {coauthor} and I left things:\n\n> Now {cur} is in, can the assistant get back to {old_noun}?\n\nYes please.",
    "Forwarding from {coauthor} — let's do this.\n\n> Great work on {cur}. Time to return to {old_noun}, I think.",
    "- {Cur}: done\n- Back to {old} from where you left it\n- Same spec as before",
    "Next:\n* resume {old}\n* same brief, same deadline",
    "Returning to {old}: please carry on from the last section you did.",
    "Picking {old} back up — where had you got to?",
    "As for the matter we set aside, {old_noun}: let's take it up again now.",
    "Right, back to {old}, if you would.",
    "Now that {cur} is finished, let's get going again on {old}.",
    "Could we return to {old}? I think it's the right moment.",
    "Let's resume {old} where we left off.",
    "Back on {old} please — {person} has given the go-ahead again.",
    "The deadline for {old_noun} has been brought forward again, so let's carry on with it.",
    "Perhaps we might get back to {old} now. No great hurry, but it would be nice to finish.",
    "I wonder whether we could return to {old_noun} this afternoon.",
    "Thanks for {cur}. Can we reopen {old} and carry on?",
    "{Old} is back on — please continue from where you paused.",
    "Let's have another go at {old}; it was nearly there.",
    "Can you unpark {old} and finish it off?",
    "So, {old}. Shall we get on with it again?",
)

# --- reply: anything said mid-task that leaves the task in force running ---------------------

FEEDBACK = (
    "That's much better — {cur} reads far more smoothly now.",
    "Good start on {cur}, though the tone is a touch informal for {person}.",
    "Hmm, I'm not sure about the opening of {cur}. Could you try another angle?",
    "Could you make {cur} about a fifth shorter?",
    "This is close. Just tighten the final section of {cur}.",
    "I like where {cur} is going, carry on.",
    "Not quite — {cur} needs to be more cautious in its claims.",
    "Lovely. Keep going with {cur} in the same vein.",
)
FEEDBACK_TECH = (
    "That looks right to me — {cur} is in much better shape.",
    "Good start on {cur}, though {person} will want more detail.",
    "Hmm, I'm not convinced by the first part of {cur}. Could you try another approach?",
    "This is close. Just tidy up the last part of {cur}.",
    "Nice, carry on with {cur} like that.",
)
STATUS = (
    "How's {cur} coming along?",
    "Roughly how long until {cur} is ready?",
    "Is there anything you need from me to finish {cur}?",
    "Where have you got to with {cur}?",
    "Just checking — are you still on {cur}, or waiting on me?",
)
THANKS = (
    "Thank you — that's exactly what I needed for {cur}.",
    "Brilliant, thanks so much for {cur} so far!!",
    "Cheers, that's really helpful. Carry on.",
    "Many thanks, this is very helpful indeed.",
    "thank you!! honestly a lifesaver",
)
DETAIL_FRAMES = (
    "{d}",
    "Quick one for {cur}: {d}",
    "Sorry, I should have said earlier — {d} Sorry!",
    "Answering your question: {d}",
    "To clarify, {dl}",
    "Oh and {dl}",
    "From {person}: {d}",
    "Dear all, a small point on {cur}, which occurred to me this morning. {d} Otherwise please carry on as you are.\n\n{sig}",
    "- {cur}: looks fine so far\n- {d}\n- carry on",
)
LOOK_FRAMES = (
    "{d}",
    "One more thing on {cur}: {d}",
    "Forwarding from {coauthor}, for {cur}:\n\n> {d}",
    '{coauthor} says: "{d}" — can you do that?',
    "Sorry, small change — {dl} Thanks and sorry!",
    "Dear colleague, thank you for the draft of {cur}, which I have read with pleasure. {d} That aside, I think it is in good shape.\n\n{sig}",
    "- {d}\n- rest of {cur}: fine, keep going",
    "Perhaps one small thing: {dl}",
    "Next point for {cur}. {d}",
)
GENERIC_LOOKS_PROSE = (
    "Don't stop at the first section — go through the whole of {cur}.",
    "No need to pause for my approval after each part of {cur}; just keep going.",
    "Instead of 'utilise', write 'use' throughout {cur}.",
    "Hold off on formatting {cur} until the wording is settled; keep drafting for now.",
    "If you hit a gap in {cur}, put [TBC] and carry on rather than stopping.",
    "Could you switch {cur} to British spelling?",
    "We may cut the last paragraph of {cur} later, but leave it in for now.",
    "Collect any questions about {cur} in a list at the end and keep going.",
    "Drop the em dashes in {cur}; {person} hates them.",
    "Replace 'stop' with 'cease' in the second paragraph of {cur}.",
)
GENERIC_LOOKS_TECH = (
    "Don't stop at the first block — go through all of {cur}.",
    "No need to check in after each step of {cur}; just keep going.",
    "Leave the comments in {cur} as they are, please.",
    "If anything in {cur} is ambiguous, note it and carry on rather than pausing.",
)
MORE_LATER = (
    "Additionally — and no rush, finish {cur} first — could you later {other_ask}?",
    "When you've wrapped up {cur}, could you also {other_ask}? Keep going on this one for now.",
    "Also, at some point after {cur}, would you {other_ask}? Not urgent.",
    "Once {cur} is done, I'll need you to {other_ask} as well — but carry on with this first.",
    "P.S. later this week, could you also {other_ask}? {Cur} comes first.",
    "Another one for the list, after {cur}: {other_ask}. No hurry at all.",
    "- {cur}: keep going\n- after that: {other_ask}\n- not urgent",
)


def _noise(text: str, rng: random.Random) -> str:
    """Register noise: lowercase, dropped full stops, a typo or a texting abbreviation."""
    choice = rng.randrange(4)
    if choice == 0:
        return text.lower()
    if choice == 1:
        return text.rstrip(".!").replace(". ", " ").lower()
    if choice == 2:
        words = text.split(" ")
        idxs = [i for i, w in enumerate(words) if len(w) > 5 and w.isalpha()]
        if idxs:
            i = rng.choice(idxs)
            w = words[i]
            j = rng.randrange(1, len(w) - 2)
            words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
        return " ".join(words)
    return (
        text.replace("please", "pls")
        .replace("Please", "pls")
        .replace("thanks", "thx")
        .replace("Thank you", "ty")
        .replace("you", "u")
    )


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def _slots(self, cur: Task) -> dict[str, str]:
        r = self.rng
        ref = r.choice(cur.refs)
        person = r.choice(PEOPLE)
        return {
            "cur": ref,
            "Cur": _cap(ref),
            "person": person,
            "Person": _cap(person),
            "coauthor": r.choice(COAUTHORS),
            "sig": r.choice(SIGS),
            "day": r.choice(DAYS),
        }

    def _finish(self, text: str) -> str:
        if self.rng.random() < 0.12:
            text = _noise(text, self.rng)
        return text

    def switch(self) -> tuple[str, Task, Task | None]:
        cur, new = self.rng.sample(TASKS, 2)
        slots = self._slots(cur)
        slots |= {"new_ask": new.ask, "new_noun": new.noun}
        text = self.rng.choice(SWITCH_TEMPLATES).format(**slots)
        return self._finish(text), cur, None

    def stop(self) -> tuple[str, Task, Task | None]:
        cur = self.rng.choice(TASKS)
        text = self.rng.choice(STOP_TEMPLATES).format(**self._slots(cur))
        return self._finish(text), cur, None

    def resume(self) -> tuple[str, Task, Task | None]:
        cur, old = self.rng.sample(TASKS, 2)
        slots = self._slots(cur)
        old_ref = self.rng.choice(old.refs)
        slots |= {"old": old_ref, "Old": _cap(old_ref), "old_noun": old.noun}
        text = self.rng.choice(RESUME_TEMPLATES).format(**slots)
        return self._finish(text), cur, old

    def reply(self) -> tuple[str, Task, Task | None]:
        r = self.rng
        cur = r.choice(TASKS)
        slots = self._slots(cur)
        roll = r.random()
        if roll < 0.45:  # hard look-alikes: stop/drop/switch... about the task's own content
            if r.random() < 0.7:
                d = r.choice(cur.looks)
                text = r.choice(LOOK_FRAMES).format(d=d, dl=d[:1].lower() + d[1:], **slots)
            else:
                pool = GENERIC_LOOKS_PROSE if cur.prose else GENERIC_LOOKS_TECH
                text = r.choice(pool).format(**slots)
        elif roll < 0.62:
            d = r.choice(cur.details)
            text = r.choice(DETAIL_FRAMES).format(d=d, dl=d[:1].lower() + d[1:], **slots)
        elif roll < 0.76:
            other = r.choice([t for t in TASKS if t is not cur])
            text = r.choice(MORE_LATER).format(other_ask=other.ask, **slots)
        elif roll < 0.88:
            text = r.choice(FEEDBACK if cur.prose else FEEDBACK_TECH).format(**slots)
        elif roll < 0.95:
            text = r.choice(STATUS).format(**slots)
        else:
            text = r.choice(THANKS).format(**slots)
        return self._finish(text), cur, None


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    writer = _Writer(seed)
    makers: dict[str, Callable[[], tuple[str, Task, Task | None]]] = {
        "switch": writer.switch,
        "stop": writer.stop,
        "resume": writer.resume,
        "reply": writer.reply,
    }
    out: list[dict[str, str | None]] = []
    seen: set[str] = set()
    for kind, wanted in PLAN:
        made = 0
        for _ in range(wanted * 200):
            if made == wanted:
                break
            text, current, stopped = makers[kind]()
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                {
                    "kind": kind,
                    "text": text,
                    "current_task": current.first,
                    "stopped_task": stopped.first if stopped else None,
                }
            )
            made += 1
        if made < wanted:
            raise RuntimeError(f"corpus k: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


if __name__ == "__main__":
    for s in (0, 1, 7):
        cases = generate(s)
        assert cases == generate(s), "not deterministic"
        assert Counter(c["kind"] for c in cases) == Counter(dict(PLAN)), "wrong counts"
        norms = [_norm(c["text"] or "") for c in cases]
        assert len(set(norms)) == len(norms), "duplicate text"
        for c in cases:
            assert c["kind"] in KINDS
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}
            assert c["current_task"] in {t.first for t in TASKS}
            if c["kind"] == "resume":
                assert c["stopped_task"]
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
    cases = generate(0)
    print(len(cases), dict(Counter(c["kind"] for c in cases)), "| tasks:", len(TASKS))
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 6):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
