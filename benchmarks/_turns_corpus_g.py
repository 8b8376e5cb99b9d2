# ruff: noqa: E501 (a phrase corpus: long literal sentences, written by a separate author)
"""Held-out corpus ``g`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Written as an independent author, WITHOUT opening packlight's turn classifier or any corpus or
result built against it. Not opened (nor grepped): anything under ``src/``, ``tests/`` or
``benchmarks/results/``; ``benchmarks/_turns_corpus_a.py``, ``_b.py``, ``_c.py``, ``_e.py``,
``_f.py``; ``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py``. Opened, for
the interface only: ``benchmarks/_turns_corpus_d.py`` lines 1-60 (docstring, ``KINDS``, ``PLAN``,
the ``Task`` dataclass) and lines 1200-1300 (the tail of its reply maker, its ``generate``, its
pool-gap check and its ``__main__`` self-check); a stray look at its lines 60-80 showed its first
few (coding) task entries, none of which were reused here: no phrase of corpus d was copied and
no task here comes from its domains' wording. Also read: ``benchmarks/bench_turns.py`` lines
1-100 (how corpora are registered; not edited), the ``[tool.ruff]`` section of
``pyproject.toml`` and the file listing of ``benchmarks/``. packlight's classifier and the
benchmarks were never run on this corpus; do not tune this file against the classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
shuffled with ``random.Random(seed)``. No normalised text (lowercased, punctuation and spacing
dropped) appears twice, so none appears under two kinds. Each case is a dict:

- ``kind``: ``"switch"`` (the task in force is stopped, cancelled or set aside AND a different new
  task is named in the same message), ``"stop"`` (stopped or paused, nothing new given),
  ``"resume"`` (back to a task stopped earlier, after another task was done in between) or
  ``"reply"`` (anything else said mid-task);
- ``text``: the person's message;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 32 tasks in 16 domains (legal research, hospital scheduling, mobile app QA, translation,
  fundraising emails, warehouse robotics, tax preparation, podcast editing, CAD/3D printing,
  HR onboarding, SQL reporting, travel planning, home renovation budgeting, kubernetes
  operations, scientific literature review, e-commerce catalog cleanup), two per domain. Each
  task carries several names (nicknames, keyword phrases), descriptions used for resumes ("the
  thing with the robots freezing at the charger"), imperative asks used when it is the NEW task
  of a switch, same-task facts/feedback/corrections and same-task look-alikes.
- Voices: plain, executive fragments, customer-support politeness, non-native word order, long
  messages whose decision sits in the last paragraph, a status update mixed with the decision,
  bullet lists, quoted earlier text (``> ...``), Slack with @mentions, and voice dictation (no
  punctuation, fillers). Light register transforms (lowercase, one typo, dropped final
  punctuation, texting abbreviations, emoji, sign-offs) go over about a third of the rest.
- Switch and stop wordings lean on idioms ("put a pin in", "back-burner", "scrap that", "the
  client pulled the plug", "forget I asked", "new fire to put out", "can wait till Q3", "hand it
  over to Priya", "pencils down", "hang fire", "mothball", ...); most switches contain none of
  the words stop / instead / switch. Some are questions ("could you put X down and ...?"),
  some conditional but effective ("if you're still on X, leave it - ..."), some implicit
  ("drop everything - ..."), some relayed ("forwarding from Dana: ..."). Stops come with and
  without reasons, by name and by "it"/"that" where the task in force makes it clear.
- Resumes by name, by description, and by anaphora ("back to what we were doing before"),
  sometimes quoting the stopped task's first message.
- Replies: 80 of 180 are hard look-alikes (stop/cancel/pause/switch/instead/drop/later/hold/
  "pick up"/"where are we" used about the SAME task's content, or a future task mentioned while
  the current one stays in force); the rest are answers, details, corrections, status questions,
  thanks and same-task instructions.

``python benchmarks/_turns_corpus_g.py`` runs the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))
HARD_REPLIES = 80
"""How many of the replies are look-alikes (at least a third of 180)."""


@dataclass(frozen=True)
class Task:
    """One task a person gives an agent."""

    domain: str
    first: str
    """The task as the person first asked it (one sentence)."""
    names: tuple[str, ...]
    """Ways the person names the task later (noun phrases or nicknames)."""
    descs: tuple[str, ...]
    """Looser descriptions of the task, used when coming back to it."""
    asks: tuple[str, ...]
    """Imperative verb phrases, lowercase, that fit after "can you ..." (task given as new)."""
    facts: tuple[str, ...]
    """Same-task answers, details, corrections and feedback."""
    looks: tuple[str, ...]
    """Same-task remarks that use stop/switch/cancel-like words about the task's content."""


# The tables below are data, one entry a line.
# fmt: off
TASKS: tuple[Task, ...] = (
    Task(
        "legal",
        "For the Hartley matter, find Texas appellate decisions since 2019 on enforcing non-competes against software engineers and summarise the holdings.",
        ("the Hartley research", "the non-compete case search", "the Texas non-compete memo", "Hartley"),
        ("the case-law digging on Texas non-competes", "that research for the Hartley matter from Monday"),
        ("find Texas appellate decisions since 2019 on non-competes for software engineers and summarise the holdings", "pull the recent Texas non-compete cases for the Hartley matter"),
        ("Published opinions only, please; leave out the unpublished memorandum ones.",
         "Yes, include Fifth Circuit cases if they applied Texas law.",
         "Can you add the court and the date next to each holding?",
         "The 2021 Dallas opinion you listed was reversed on appeal, so double-check its history.",
         "Hartley's contract has a two-year statewide restriction, if that helps narrow it."),
        ("Flag any case where the court refused to stop enforcement outright and reformed the clause instead.",
         "Drop the cases about salespeople; engineers only.",
         "Note whether the employer was allowed to pause severance payments while the dispute ran.",
         "Put the later decisions first, the newest reasoning matters most.",
         "If a case was dropped on procedural grounds, leave it out of the holdings table."),
    ),
    Task(
        "legal",
        "Draft a cease-and-desist letter to the shop in Leeds that's selling mugs with our logo.",
        ("the cease-and-desist", "the Leeds letter", "the C&D", "the mug-shop letter"),
        ("the letter to the Leeds shop with our logo on mugs", "the logo infringement letter we started"),
        ("draft a cease-and-desist to the Leeds shop selling mugs with our logo", "write the C&D letter for the Leeds mug shop"),
        ("The shop trades as Mugsy Ltd; the address is in Kerry's email.",
         "Cite our UK trade mark number in the first paragraph.",
         "It's a bit aggressive for a first letter, soften the opening.",
         "Sign it from me, not from the legal team.",
         "Give them 14 days to respond rather than 7."),
        ("The letter should demand they stop selling the mugs and cancel any pending orders.",
         "Say we'll drop the damages claim if they comply within 14 days.",
         "Switch to a firmer tone in the last paragraph, the rest is fine.",
         "Ask them to take the listings down instead of just hiding them.",
         "Mention we may escalate later if they ignore it, but don't threaten court outright."),
    ),
    Task(
        "hospital",
        "Build the night-shift rota for the cardiology ward for March so no nurse works more than three nights in a row.",
        ("the March rota", "the cardiology night rota", "the ward rota", "the cardiology night shifts"),
        ("the night-shift planning for cardiology", "the rota thing for the heart ward"),
        ("build the March night-shift rota for cardiology with no more than three nights in a row per nurse", "do the cardiology night rota for March"),
        ("There are 14 nurses on the ward; the two band 7s need to be spread across the weeks.",
         "Nurse Okafor is on annual leave from the 10th to the 17th.",
         "Every night needs at least one nurse with ALS certification.",
         "Looks good. Can you mark the weekends in a different colour?",
         "Put the agency cover in a separate column so finance can see it."),
        ("When two nurses swap, cancel the original slot instead of leaving it double-booked.",
         "Nobody should switch from nights straight to a day shift without 48 hours off.",
         "Put a hard stop at three consecutive nights, even if it means using agency cover.",
         "Pause Nurse Okafor's nights while she's on leave and pick them up again from the 18th.",
         "If someone drops a shift at short notice, show the gap in red."),
    ),
    Task(
        "hospital",
        "Find a four-hour slot next week for the MRI maintenance window that doesn't clash with outpatient clinics.",
        ("the MRI maintenance slot", "the scanner downtime", "the MRI window", "the MRI scheduling"),
        ("finding downtime for the MRI scanner", "the scanner maintenance booking"),
        ("find a four-hour MRI maintenance slot next week that avoids the outpatient clinics", "book the MRI maintenance window for next week"),
        ("The engineer can only come Tuesday to Thursday.",
         "Outpatient clinics run 8 to 5, so evenings are fine.",
         "Emergency scans can go to the CT in the meantime, that's agreed with radiology.",
         "Please include the 30 minutes of quality checks after the engineer leaves.",
         "Which of the slots you found affects the fewest booked patients?"),
        ("Correction: the scanner has to stop for six hours, not four.",
         "If Tuesday clashes, forget Tuesday and look at Thursday evening.",
         "Patients booked in that window should be moved later in the week, not cancelled.",
         "The helium pump can't be paused, so the engineer needs power kept on to it.",
         "Leave a buffer so we can switch the scanner back on and run a test scan before clinic."),
    ),
    Task(
        "mobile_qa",
        "Run the checkout regression suite on the Android 14 build and list every failure with steps to reproduce.",
        ("the Android regression run", "the checkout regression", "the Android 14 test pass", "the regression suite"),
        ("the checkout tests on the new Android build", "the regression pass on Android 14"),
        ("run the checkout regression suite on the Android 14 build and list the failures", "do a regression pass of checkout on Android 14"),
        ("Use the Pixel 7 and the Samsung A54 from the device farm.",
         "Build 4.12.0-rc2 is the one, not rc1.",
         "Screenshots for each failure would help a lot.",
         "The flaky address autocomplete test is a known issue; note it and move on.",
         "Which failures are new compared with the last run?"),
        ("Check what happens if you pause the app mid-payment and come back later.",
         "Tapping cancel on the payment sheet should stop the spinner; verify that too.",
         "Switch the device to airplane mode during the 3-D Secure step and log what happens.",
         "If a test hangs, kill it after two minutes and mark it as a timeout instead of waiting.",
         "Drop the tablet layouts from this run, phones only."),
    ),
    Task(
        "mobile_qa",
        "Write test cases for the new offline mode in the iOS app, including what happens when the connection drops mid-sync.",
        ("the offline-mode test cases", "the iOS offline tests", "the sync test plan", "the offline test cases"),
        ("the test cases for offline sync on iOS", "that offline-mode test plan"),
        ("write test cases for the iOS offline mode, including connection drops mid-sync", "draft the iOS offline-mode test plan"),
        ("Use the Given/When/Then format, it's what the team reads.",
         "Offline mode only covers notes and tasks for now, not attachments.",
         "Group them by priority, P1 first.",
         "There's a maximum of 500 queued edits, so add a case at the limit.",
         "Nice, these are thorough. Add expected results for each one."),
        ("Add a case where the user cancels the sync halfway and resumes it later.",
         "Cover the OS pausing the app in the background while a sync is running.",
         "What should happen if the user switches accounts while offline? Add that.",
         "Include one where the connection drops and comes back three times in a row.",
         "Stop-and-retry behaviour after a server 503 needs its own case."),
    ),
    Task(
        "translation",
        "Translate the onboarding emails for the Brazilian launch into Portuguese, keeping the informal tone.",
        ("the Portuguese translation", "the Brazil onboarding emails", "the pt-BR emails", "the onboarding translation"),
        ("the translation of the welcome emails for Brazil", "the Portuguese version of the onboarding sequence"),
        ("translate the Brazilian onboarding emails into informal Portuguese", "do the pt-BR version of the onboarding emails"),
        ("Use 'você', never 'tu'.",
         "The product name stays in English.",
         "Email 3 has a pricing table; keep the prices in reais, we'll update them.",
         "Thiago will review, so keep a list of terms you weren't sure about.",
         "This reads naturally, nice. Keep the subject lines under 50 characters."),
        ("'Cancel anytime' should be 'cancele quando quiser', not the formal version.",
         "Drop the idioms that don't work in Brazil and use plain phrasing instead.",
         "Leave the 'pause your plan' button text for later, marketing hasn't picked the wording.",
         "Switch the date format to DD/MM/YYYY throughout.",
         "Where the English says 'stop by our help centre', use something more natural than a literal translation."),
    ),
    Task(
        "translation",
        "Translate the safety data sheet for the degreasing solvent from German into English.",
        ("the SDS translation", "the German safety sheet", "the solvent datasheet", "the safety data sheet"),
        ("the German safety document for the solvent", "the datasheet translation from German"),
        ("translate the German safety data sheet for the degreasing solvent into English", "get the solvent SDS into English"),
        ("Keep the 16-section structure exactly as in the original.",
         "The H and P statements have official English wording; use those.",
         "Section 14 on transport can stay as a table.",
         "It's for the US site, so American spelling please.",
         "Great, section 2 is spot on."),
        ("'Arbeiten sofort einstellen' is 'stop work immediately', keep it that blunt.",
         "'Bei Unwohlsein Arbeit unterbrechen' should read 'if you feel unwell, pause work and get fresh air'.",
         "Don't drop the emergency phone number in section 1 even though it's a German number.",
         "The part about switching off ignition sources needs to be bold, like the original.",
         "Use 'discontinue use' instead of 'stop use' where it's about the product."),
    ),
    Task(
        "fundraising",
        "Write the year-end fundraising email for the food bank, aimed at donors who gave last year but not this year.",
        ("the year-end appeal", "the lapsed-donor email", "the food bank email", "the year-end email"),
        ("the email to donors who didn't give this year", "the food bank appeal for lapsed donors"),
        ("write the food bank's year-end email to lapsed donors", "draft the year-end appeal for people who gave last year but not this year"),
        ("Our match deadline is 31 December; a local grocer doubles gifts up to $20,000.",
         "Keep it under 250 words.",
         "The photo will be of the Saturday volunteers, so mention them.",
         "Open with a story, not a statistic.",
         "Sign it from Marisol, our director."),
        ("Add a line saying they can pause a monthly gift instead of cancelling it.",
         "Drop the second statistic, one number is enough.",
         "Move the 'give later this week' reminder to the P.S.",
         "Don't say 'stop hunger', the board thinks it overpromises.",
         "Switch the button text from 'Donate' to 'Feed a family'."),
    ),
    Task(
        "fundraising",
        "Draft three subject lines and a short email asking last year's gala guests to sponsor a table this year.",
        ("the gala sponsorship email", "the table-sponsor ask", "the gala email", "the gala subject lines"),
        ("the sponsor ask to last year's gala crowd", "the email about gala tables"),
        ("draft a short email and three subject lines asking last year's gala guests to sponsor a table", "write the gala table-sponsorship ask"),
        ("Tables are $5,000 and seat ten.",
         "The gala is on 12 April at the Botanical Garden.",
         "Subject line two is the best; can you do two more in that style?",
         "Mention that sponsors get their logo in the programme.",
         "Less formal, please, most of these people know us."),
        ("Mention they can cancel up to 30 days out for a full refund.",
         "If they sponsored before, switch the opening to thank them first.",
         "Drop 'black tie' from the copy, we changed the dress code.",
         "Add a P.S. that they can hold a table now and pay later.",
         "The RSVP link should go to the sponsor form instead of the general ticket page."),
    ),
    Task(
        "warehouse",
        "Figure out why the picking robots in aisle 7 keep stopping at the charging dock and write up the likely causes.",
        ("the aisle 7 robot issue", "the charging-dock investigation", "the robot stoppages", "aisle 7"),
        ("the thing with the robots freezing at the charger", "the investigation into the aisle 7 robots"),
        ("work out why the aisle 7 picking robots keep stopping at the charging dock", "investigate the robots stalling at the aisle 7 charger"),
        ("The logs are in the fleet-manager export I attached; timestamps are UTC.",
         "It started after the firmware update on the 3rd.",
         "Only the older Gen-2 units seem affected.",
         "Can you rank the causes by how likely they are?",
         "Facilities says the dock's power supply was replaced last month."),
        ("They stop more often on the night shift, if that helps.",
         "Could it be the handover between Wi-Fi access points? They drop off right near the dock.",
         "One robot paused for 40 minutes and then carried on by itself; include that in the write-up.",
         "Don't suggest switching them all to manual mode, that's not an option for us.",
         "The operators sometimes hit the emergency stop by accident, so rule that out first."),
    ),
    Task(
        "warehouse",
        "Plan new routes for the AMR fleet so they avoid the mezzanine loading area while it's being built.",
        ("the AMR rerouting", "the mezzanine route plan", "the fleet routes", "the robot routes"),
        ("rerouting the robots around the mezzanine works", "the AMR route changes"),
        ("plan new AMR routes that avoid the mezzanine loading area", "reroute the AMR fleet around the mezzanine construction"),
        ("The closed zone is bays 40 to 52, from the 1st until mid-June.",
         "Peak throughput needs to stay above 900 picks an hour.",
         "Keep the fire lanes clear, that's non-negotiable.",
         "Use last month's floor map; the new one isn't approved yet.",
         "How much longer is the average trip with the detour?"),
        ("Robots waiting at the crossing should pause in the side bay instead of the main aisle.",
         "Drop the route through bay 38, the forklifts use it.",
         "Add a stop point before the construction zone in case a worker steps out.",
         "Let the routes switch back automatically once the zone reopens.",
         "If two AMRs meet in the narrow corridor, one should back up and wait rather than reroute."),
    ),
    Task(
        "tax",
        "Prepare my 2024 Schedule C from the freelance invoices and the expense spreadsheet I sent.",
        ("the Schedule C", "my Schedule C", "the freelance tax stuff", "the 2024 taxes"),
        ("the tax thing with my freelance invoices", "the Schedule C from the invoices and the expense sheet"),
        ("prepare my 2024 Schedule C from the invoices and expense spreadsheet", "do my Schedule C for 2024"),
        ("The home office is 180 square feet of a 1,400 square foot flat.",
         "Mileage is in the second tab: 4,210 business miles.",
         "The $2,300 laptop was bought in March and is only used for work.",
         "Use the simplified home-office method if it comes out close.",
         "What's the net profit looking like so far?"),
        ("The client who cancelled in May still paid a kill fee; count it as income.",
         "I switched banks in August, so there are two statements for that month.",
         "Drop the gym membership from expenses, it's not deductible.",
         "I stopped using the co-working space in October, so only nine months of rent.",
         "One invoice was paid later, in January 2025, so leave it out of 2024."),
    ),
    Task(
        "tax",
        "Work out how much I can put into a SEP IRA for 2024 and whether a Solo 401(k) would let me save more.",
        ("the SEP IRA question", "the retirement contribution numbers", "the SEP vs Solo 401(k) comparison", "the SEP calculation"),
        ("the retirement-account comparison", "the question about how much I can put away for 2024"),
        ("work out my 2024 SEP IRA limit and compare it with a Solo 401(k)", "compare a SEP IRA with a Solo 401(k) for my 2024 income"),
        ("Net self-employment income is about $96,000.",
         "I'm 47, so catch-up contributions don't apply yet.",
         "I don't have any employees.",
         "My partner's employer plan doesn't matter here, right?",
         "Show the maths, not just the final numbers."),
        ("If I open the Solo 401(k) later, in the new year, can I still make 2024 employee deferrals?",
         "I stopped contributing to my old 401(k) when I left my job in February; does that affect the limit?",
         "Assume I'd switch to the Solo 401(k) only if it saves at least $5,000 more.",
         "Drop the Roth option from the comparison, I'm not interested.",
         "Can I pause SEP contributions in a bad year instead of committing to a fixed amount?"),
    ),
    Task(
        "podcast",
        "Edit episode 42 of the podcast: cut the long pauses, level the two voices and add the intro music.",
        ("episode 42", "the podcast edit", "ep 42", "the episode 42 cleanup"),
        ("the edit of the episode with Dana", "the cleanup of last week's recording"),
        ("edit episode 42: cut the long pauses, level the voices and add the intro music", "do the episode 42 edit"),
        ("Target is -16 LUFS for the final mix.",
         "Dana's mic was peaking around minute 23; see if you can save it.",
         "Use the shorter version of the intro music.",
         "Sounds great so far.",
         "Keep the outtake at the end, the listeners like it."),
        ("Don't cut the pause after the punchline at 14:10, it's intentional.",
         "The intro music should stop before Dana starts talking; it overlaps right now.",
         "Drop the sponsor segment, they cancelled their slot.",
         "Where I say 'let's switch topics', put a short music sting.",
         "Pauses longer than two seconds can go; leave the shorter ones."),
    ),
    Task(
        "podcast",
        "Write show notes and chapter markers for the interview with Dr. Amara Osei.",
        ("the Osei show notes", "the chapter markers", "the interview notes", "the show notes"),
        ("the notes for the Dr. Osei interview", "the chapters for the Osei episode"),
        ("write show notes and chapter markers for the Dr. Osei interview", "do the Osei episode show notes"),
        ("Her book is called 'The Quiet Gut'; link to the publisher page.",
         "Chapters every five to eight minutes is about right.",
         "It's spelt Osei, not Osey.",
         "Keep the summary to three sentences.",
         "Can you list the studies she mentions, with links?"),
        ("Add a chapter at the point where we stop talking about diet and switch to sleep.",
         "Drop the bit about her early career from the notes, she asked us to.",
         "She mentions pausing antibiotics; add a line that listeners should ask their doctor first.",
         "The chapter called 'Later years' should be 'Research since 2015' instead.",
         "Cut the timestamps at the start where we were just checking levels."),
    ),
    Task(
        "cad",
        "Redesign the bracket in bracket_v3.step so it prints on the Prusa without supports.",
        ("the bracket redesign", "the support-free bracket", "bracket v3", "the bracket"),
        ("the bracket we were making printable without supports", "the bracket_v3 rework"),
        ("redesign bracket_v3 so it prints without supports on the Prusa", "rework the bracket so it doesn't need supports"),
        ("The mounting holes need to stay 40 mm apart.",
         "PETG, 0.4 mm nozzle, 0.2 mm layers.",
         "It takes about 3 kg of load at the tip.",
         "A 45-degree chamfer under the overhang should do it.",
         "Can you export an STL as well as the STEP?"),
        ("Add a pause at layer 40 so I can drop in the M5 nut.",
         "Change the infill instead of the wall thickness if it needs to be stronger.",
         "Drop the fillet on the back edge, it's what causes the overhang.",
         "Leave the cable slot for later, just get the main body printable.",
         "The print should stop cleanly at the top, no ironing on the last layer."),
    ),
    Task(
        "cad",
        "Model a replacement knob for the dishwasher: 32 mm across with a D-shaped shaft hole.",
        ("the dishwasher knob", "the knob model", "the replacement knob", "the knob"),
        ("the knob for the dishwasher", "the replacement dial we were modelling"),
        ("model a 32 mm dishwasher knob with a D-shaped shaft hole", "design the replacement dishwasher knob"),
        ("The shaft is 6 mm with a 4.5 mm flat.",
         "Add a pointer notch on the top.",
         "Knurling on the side would be nice but isn't essential.",
         "Give the hole 0.2 mm of clearance.",
         "Looks right. What height did you give it?"),
        ("It needs a detent feel so it stops at each programme, if that's doable in one piece.",
         "The old one cracked where the flat meets the round part, so thicken that instead of the rim.",
         "Drop the knurling if it makes the print fail.",
         "Mark the 'pause' and 'start' positions on the face with small dimples.",
         "Make the pointer longer, I can't see which setting it's switched to."),
    ),
    Task(
        "hr",
        "Put together the first-week onboarding checklist for the three new warehouse supervisors starting on the 14th.",
        ("the onboarding checklist", "the supervisors' first week", "the new-starter checklist", "the onboarding plan"),
        ("the first-week plan for the new supervisors", "the onboarding stuff for the three starters"),
        ("put together a first-week onboarding checklist for the three new warehouse supervisors", "draft the first-week plan for the supervisors starting on the 14th"),
        ("They'll need forklift certification booked by Wednesday.",
         "Day one starts at 7am with site safety.",
         "IT needs three days' notice for scanner accounts.",
         "Can you split it into day-by-day sections?",
         "Add who owns each item: HR, IT or the site manager."),
        ("Add a step on when they're allowed to stop the line in an emergency.",
         "Drop the company-history video, nobody watches it.",
         "Pause payroll setup for Jorge until his right-to-work check clears.",
         "Put shadowing the night shift later in the week, not on day two.",
         "Include how to switch the dock doors to manual during a power cut."),
    ),
    Task(
        "hr",
        "Set up the benefits enrollment reminders for new hires so they go out on day 3, day 10 and day 25.",
        ("the enrollment reminders", "the benefits reminders", "the reminder schedule", "the benefits emails"),
        ("the reminder emails about benefits enrollment", "the day 3, 10 and 25 reminders"),
        ("set up the benefits enrollment reminders for new hires on days 3, 10 and 25", "schedule the new-hire benefits reminders"),
        ("Enrollment closes on day 30, so the last one should say so.",
         "Send them from the benefits mailbox, not from a person.",
         "Include the link to the plan comparison PDF.",
         "Use the template in the HR drive.",
         "Can you show me the day 10 wording?"),
        ("If someone enrolls early, the later reminders should stop.",
         "Cancel the day 25 reminder for contractors, they aren't eligible.",
         "Switch the sender name to 'People Team'.",
         "If a hire's start date moves, shift the reminders instead of sending them on the old dates.",
         "Pause reminders for anyone on leave and send them when they're back."),
    ),
    Task(
        "sql",
        "Write a SQL report of monthly churn by plan tier for the last 18 months.",
        ("the churn report", "the churn query", "the monthly churn numbers", "the churn SQL"),
        ("the churn-by-tier query", "the monthly churn breakdown"),
        ("write a SQL report of monthly churn by plan tier for the last 18 months", "build the churn-by-tier query"),
        ("The table is billing.subscriptions; ended_at is null while a subscription is active.",
         "Use calendar months in UTC.",
         "The tiers are Basic, Pro and Team. Ignore Legacy.",
         "Can you add the customer count at the start of each month?",
         "It's Postgres 15, so FILTER clauses are fine."),
        ("Count a paused subscription as active, not churned.",
         "Customers who switched tiers shouldn't count as churn.",
         "Drop the free tier from the results.",
         "If someone cancels and comes back within 30 days, treat it as one subscription.",
         "Stop the date range at last month, the current month is incomplete."),
    ),
    Task(
        "sql",
        "Fix the revenue dashboard query; it's been double-counting refunds since the schema change.",
        ("the revenue query", "the refund double-count", "the dashboard fix", "the revenue dashboard"),
        ("the refunds being counted twice on the dashboard", "the dashboard query bug"),
        ("fix the revenue dashboard query that double-counts refunds", "sort out the refund double-counting on the revenue dashboard"),
        ("The schema change was when refunds moved into their own table on 2 June.",
         "Finance says May's total should be $1.42M.",
         "Don't touch the currency conversion, that part is right.",
         "Show me a before and after for June and July.",
         "It's the Metabase card called 'Net revenue (monthly)'."),
        ("Orders that were cancelled and refunded later are the ones being double-counted.",
         "Drop the old refunds column from the join, it's deprecated.",
         "Switch the join to the new refunds table instead of the column on orders.",
         "Partial refunds should reduce revenue, not cancel the whole order.",
         "Don't stop at fixing June; check every month since the change."),
    ),
    Task(
        "travel",
        "Plan a four-day trip to Lisbon in May for me and my partner, mid-range budget, no early flights.",
        ("the Lisbon trip", "the May trip", "the Lisbon itinerary", "Lisbon"),
        ("the trip to Portugal in May", "the holiday planning for Lisbon"),
        ("plan a four-day Lisbon trip in May for two, mid-range, no early flights", "put together the Lisbon itinerary for May"),
        ("We're flying from Manchester.",
         "Budget is about £1,800 all in.",
         "We'd like one nice dinner; the rest can be casual.",
         "Alfama or Príncipe Real for the hotel, ideally.",
         "No museums on the first day, we'll be tired."),
        ("If the trams are on strike, we'll take taxis instead.",
         "We'd like to stop in Sintra on day 3.",
         "Leave day 4 open, we'll decide later.",
         "Drop the fado night, my partner isn't keen.",
         "A return flight after 3pm is fine; it's only the outbound that can't be early."),
    ),
    Task(
        "travel",
        "Find rail pass options for Vienna to Budapest to Prague in the second week of September.",
        ("the rail pass search", "the train options", "the Vienna-Budapest-Prague trains", "the rail passes"),
        ("the train planning for central Europe", "the rail question for Vienna, Budapest and Prague"),
        ("find rail pass options for Vienna to Budapest to Prague in the second week of September", "look into rail passes for the Vienna, Budapest and Prague legs"),
        ("Two adults, second class is fine.",
         "We'd rather travel mid-morning.",
         "Compare the pass with point-to-point tickets.",
         "Our dates are flexible within that week.",
         "Is a seat reservation required on the Railjet?"),
        ("We want to stop overnight in Bratislava if the pass allows a break.",
         "If a pass doesn't pay off, drop it and just price single tickets.",
         "Check whether we can switch trains in Brno on the way to Prague.",
         "We might decide the Prague leg later, so favour a flexible option.",
         "Skip night trains; we'd rather pay more than lose a night's sleep."),
    ),
    Task(
        "renovation",
        "Build a budget for the kitchen renovation with a 15% contingency, using the three contractor quotes.",
        ("the kitchen budget", "the reno budget", "the renovation numbers", "the kitchen spreadsheet"),
        ("the budget for redoing the kitchen", "the contractor-quote spreadsheet for the kitchen"),
        ("build the kitchen renovation budget from the three quotes with a 15% contingency", "do the kitchen reno budget"),
        ("Quote B doesn't include electrical; add £3,200 from the electrician's estimate.",
         "We're keeping the existing floor.",
         "Appliances are separate, about £4,500.",
         "Add a column for what's already been paid.",
         "Which quote comes out cheapest once you normalise them?"),
        ("If we drop the island, how much does it save? Keep it as an option, not removed.",
         "The water will be off for two days, so add a line for eating out.",
         "Switch the worktop to laminate in the cheaper scenario instead of quartz.",
         "Leave painting out for now; we'll do that ourselves later.",
         "Contractor C can pause mid-job for the delivery gap without charging extra, so note that."),
    ),
    Task(
        "renovation",
        "Compare the cost of refinishing our oak floors against replacing them with engineered wood.",
        ("the floor comparison", "the refinish-or-replace numbers", "the floors question", "the flooring costs"),
        ("the refinish versus replace comparison for the floors", "the oak floors question"),
        ("compare refinishing the oak floors with replacing them with engineered wood", "price up refinishing versus replacing the oak floors"),
        ("It's about 65 square metres across the ground floor.",
         "The boards have been sanded twice already.",
         "We'd want a matte finish either way.",
         "Include the cost of moving out for a few days if needed.",
         "How long would each option take?"),
        ("If the boards can't take another sanding, drop the refinish option.",
         "Add what it costs to switch to engineered wood in just the hallway instead of everywhere.",
         "We'd have to stop using the living room for about a week, so factor that in.",
         "Leave the stairs out; we'll decide about them later.",
         "Include the cost if the fitter has to pause halfway for the subfloor to dry."),
    ),
    Task(
        "kubernetes",
        "Upgrade the staging cluster from 1.28 to 1.29 and make sure the ingress controller survives it.",
        ("the staging upgrade", "the 1.29 upgrade", "the cluster upgrade", "the k8s upgrade"),
        ("the Kubernetes version bump on staging", "the staging cluster upgrade to 1.29"),
        ("upgrade staging from Kubernetes 1.28 to 1.29 without breaking the ingress controller", "do the 1.29 upgrade on staging"),
        ("It's EKS, so the control plane goes first.",
         "The ingress-nginx chart is pinned at 4.8; check its compatibility matrix.",
         "Nobody's using staging until Thursday, so downtime is fine.",
         "Post the kubectl version output when it's done.",
         "Are any of our manifests using APIs removed in 1.29?"),
        ("Cordon and drain each node before you stop the kubelet.",
         "If the ingress pods crash-loop, roll back instead of pushing forward.",
         "Pause the Argo CD auto-sync while you do it so it doesn't fight you.",
         "Drop the old PodSecurityPolicy manifests, they're dead anyway.",
         "Switch the node group to the new AMI as part of it."),
    ),
    Task(
        "kubernetes",
        "Find out why the payments pods in prod keep getting OOMKilled and propose new memory limits.",
        ("the OOMKill investigation", "the payments memory issue", "the OOM thing", "the payments pods"),
        ("the payments pods running out of memory", "the memory-limit investigation in prod"),
        ("find out why the payments pods are getting OOMKilled and propose memory limits", "investigate the OOMKills on payments in prod"),
        ("The current limit is 512Mi with a 256Mi request.",
         "It's a JVM service on Java 17.",
         "Grafana has the memory graphs under 'payments / pods'.",
         "Can you check whether the heap is sized relative to the container limit?",
         "It started after the 2.14 release."),
        ("They get killed right after the nightly batch starts, if that helps.",
         "Don't restart the pods to test, that would stop live payments.",
         "Drop the idea of bigger nodes, we can't do that this quarter.",
         "If it's a leak, we'd rather fix it than switch to a bigger limit.",
         "Pausing the reconciliation job for an hour is okay if you need a clean comparison."),
    ),
    Task(
        "literature",
        "Do a literature review of CRISPR base-editing off-target effects published since 2020, with a table of methods and findings.",
        ("the base-editing review", "the CRISPR lit review", "the off-target papers", "the literature review"),
        ("the review of off-target effects in base editing", "the CRISPR papers we were going through"),
        ("review the base-editing off-target literature since 2020 with a methods and findings table", "do the CRISPR base-editing lit review"),
        ("PubMed and bioRxiv, but only count preprints that were later published.",
         "Add a column for the detection method, GUIDE-seq, Digenome-seq and so on.",
         "There's a 2023 Nature Biotechnology review that makes a good starting point.",
         "Focus on cytosine and adenine base editors; prime editing is out of scope.",
         "How many papers have you got so far?"),
        ("Stop at 2020, don't go further back even for landmark papers.",
         "Drop anything that was only tested in silico.",
         "If a study was retracted, list it separately instead of quietly leaving it out.",
         "Note where dosing was paused or stopped early because of toxicity.",
         "Switch the table to landscape if the columns don't fit."),
    ),
    Task(
        "literature",
        "Summarise the evidence from randomised trials on intermittent fasting and HbA1c in type 2 diabetes.",
        ("the fasting review", "the HbA1c summary", "the intermittent fasting evidence", "the fasting summary"),
        ("the summary of fasting trials in diabetes", "the HbA1c evidence we were pulling together"),
        ("summarise the RCT evidence on intermittent fasting and HbA1c in type 2 diabetes", "pull together the trial evidence on fasting and HbA1c"),
        ("RCTs only, at least 12 weeks long.",
         "Report the mean HbA1c change with confidence intervals.",
         "Note which trials allowed medication changes.",
         "The audience is GPs, so keep the jargon down.",
         "Did any trials look at hypoglycaemia risk?"),
        ("Include trials that were stopped early for benefit, but flag them.",
         "Drop the ones that only measured fasting glucose instead of HbA1c.",
         "Some trials paused sulfonylureas on fasting days; say which.",
         "Where people switched from 5:2 to time-restricted eating mid-trial, note it.",
         "Later follow-up data, after the trials ended, can go in a separate paragraph."),
    ),
    Task(
        "ecommerce",
        "Clean up the product catalog: merge the duplicate SKUs and fix the inconsistent size labels.",
        ("the catalog cleanup", "the duplicate SKUs", "the SKU merge", "the catalog tidy-up"),
        ("the tidy-up of duplicate products and sizes", "the SKU and size-label cleanup"),
        ("clean up the catalog by merging duplicate SKUs and fixing the size labels", "do the SKU dedupe and size-label cleanup"),
        ("Sizes should be XS to XXL, not a mix of 'Small' and 'S'.",
         "The export is in catalog_2024-11.csv.",
         "When merging, keep the SKU with more reviews.",
         "There are about 3,400 products. How many duplicates have you found?",
         "Don't touch the prices."),
        ("Discontinued products should be archived instead of deleted.",
         "Don't drop the old SKU codes; keep them as aliases so links don't break.",
         "If two variants have different prices, stop and list them for me rather than merging.",
         "Switch 'One Size' to 'OS' everywhere.",
         "Anything marked 'pause listing' stays paused; just fix its labels."),
    ),
    Task(
        "ecommerce",
        "Rewrite the product descriptions for the 40 winter jackets so they follow the new style guide.",
        ("the jacket descriptions", "the winter jacket copy", "the product copy rewrite", "the jackets"),
        ("the rewrite of the jacket copy", "the style-guide rewrite for the winter range"),
        ("rewrite the 40 winter jacket descriptions to the new style guide", "redo the winter jacket copy to the new style guide"),
        ("Lead with the warmth rating, then fit, then materials.",
         "Max 80 words each.",
         "Give fill weight in both metric and imperial.",
         "Love the first five. Same voice for the rest, please.",
         "The style guide PDF is in the brand folder."),
        ("Drop 'perfect for' from every description, the guide bans it.",
         "Mention the two-way zip that stops at the hip, it's a selling point.",
         "Instead of 'water-resistant', say 'sheds light rain'; legal asked.",
         "Leave the kids' jackets for later and do the adult ones first.",
         "For the packable ones, cancel the old 'travel-ready' line and say they pack into their own pocket."),
    ),
)

PEOPLE = ("Priya", "Marcus", "Dana", "Tomás", "Aisha", "Ken's team", "the night team", "Yusuf")
HANDLES = ("priya", "marcus.k", "dana", "tomas", "aisha_ops", "yusuf")
REASONS = (
    "the budget's frozen", "the client has gone quiet", "legal wants to look at it first",
    "we're still waiting on the data", "the board hasn't decided yet", "priorities shifted this morning",
    "the deal fell through", "the deadline slipped to next quarter", "I need to think about it some more",
    "the sponsor lost interest", "we can't justify the hours right now",
)
LATERS = ("till Q3", "until after the audit", "until the new year", "till next month", "until we hear back from the client", "until after the launch")
STATUSES = (
    "the vendor called back", "the Q2 numbers just landed", "Marco is back from leave", "the audit got moved up",
    "the board met this morning", "the client signed the renewal", "IT finished the migration", "the offsite is confirmed",
)
PREAMBLES = (
    "Long day here: three back-to-back calls, and the quarterly review got moved up a week, so I'm only now catching up on messages.",
    "Sorry for the wall of text, I'm writing this between meetings.",
    "Quick recap from my side: finance closed the month, Marco is out until Wednesday, and the offsite is booked.",
    "I've been going back and forth on this all afternoon and talked it through with the team.",
    "First, thanks for the updates so far. They've been clear and easy to follow.",
    "Just got out of the leadership sync. Lots of discussion about budgets and headcount for next year, most of it not relevant to you.",
    "Heads up that I'm travelling tomorrow and will be slow to reply.",
    "Had a call with the client this morning; they were friendly but clearly under pressure from their own board.",
    "A few things happened since we last spoke. The office move is confirmed for the 20th, and the new laptops arrived.",
    "I read everything you sent, and I appreciate how carefully you've documented it.",
)

# ---------------------------------------------------------------- switch templates
SWITCH_PLAIN = (
    "Let's put a pin in {o}. {N}, please.",
    "Back-burner {o}. I need you to {n}.",
    "Scrap that. I need you to {n}.",
    "Scrap {o}; {n} instead.",
    "{O} {o_isnt} worth it anymore. Can you {n}?",
    "We're pivoting: {o} {o_is} off, and I need you to {n}.",
    "The client pulled the plug on {o}. Since you're free now, {n}.",
    "Forget I asked about {o}. {N}.",
    "Change of plans: {n}. {O} can sit.",
    "New fire to put out: {n}. Leave {o} where it is.",
    "{O} can wait {w}. Right now I need you to {n}.",
    "Hand {o} over to {p} and {n}.",
    "Could you put {o} down and {n}?",
    "Would you mind setting {o} aside? I need you to {n}.",
    "If you're still on {o}, leave it and {n}.",
    "Whatever state {o} {o_is} in, freeze it there and {n}.",
    "New top priority, everything else waits: {n}.",
    "Park {o}. More urgent: {n}.",
    "Drop everything and {n}.",
    "Bigger fish: {n}. {O} {o_goes} on ice.",
    "Kill {o}. {N}, today if possible.",
    "Nix {o}, we need you to {n}.",
    "Quick redirect: {n}. Shelve {o} for now.",
    "{O} {o_is} dead in the water. Pivot to this: {n}.",
    "Let's table {o} and {n}.",
    "Don't bother finishing {o}. What I actually need is for you to {n}.",
    "Reprioritising: {o} {o_is} paused indefinitely, and you should {n}.",
    "Leadership moved the goalposts, {o} {o_is} no longer needed. Please {n}.",
    "{O}? Not anymore. {N}.",
    "Sorry to yank you off {o}, but I need you to {n}.",
    "Pull off {o} and {n}.",
    "Bin {o}. {N}.",
    "Put {o} on ice and {n}.",
    "I've had a rethink: skip {o} entirely and {n}.",
    "Let {o} go. The thing that matters this week is this: {n}.",
    "Mothball {o}; I'd rather you {n}.",
    "Can we swap {o} out for something more urgent? {N}.",
    "Let's call time on {o} and {n}.",
    "Plans changed overnight. {O} {o_is} cancelled, so {n}, please.",
    "Any chance you could drop {o} and {n}?",
    "Can I steal you away from {o}? I need you to {n}.",
    "Would it be OK to shelve {o} and {n} instead?",
    "If {o} {o_isnt} finished yet, don't finish it. {N}.",
    "Assuming nothing has gone out yet on {o}, bin it and {n}.",
    "Forwarding from {p}: \"{nfirst}\" That's the priority now; leave {o}.",
    "Actually, forget {o}, {r}. {N} instead.",
    "{O} {o_is} off the table ({r}). Next: {n}.",
    "That's a wrap on {o}, no need to finish it. Onto the next one: {n}.",
    "Let's not sink more time into {o}. {N}.",
    "We can revisit {o} another time. For now, {n}.",
    "Right, moving on from {o}: {n}.",
    "Set {o} down. {NN} {nn_has} jumped the queue, so {n}.",
    "Don't put any more hours into {o}. {N}.",
    "{O} {o_is} superseded. Please {n}.",
    "Let's switch to {nn}: {n}. {O} can wait.",
    "OK, new direction. {O} {o_is} done for now; {n}.",
    "Ditch {o}. I'd like you to {n}.",
    "Can you leave {o} half-done and {n}? Half-done is fine.",
    "Stand down on {o} and {n}.",
    "Turns out {o} {o_was} a dead end. Let's {n} instead.",
)
SWITCH_EXEC = (
    "{o}: kill. {n}. asap.",
    "re {o}: shelved. next: {n}.",
    "not {o}. {n}. eod.",
    "pivot. {n}. {o} parked.",
    "{o} off. {nn} on. {n}.",
    "forget {o}. {n}. thx",
    "{o}: no longer. {n} by fri.",
    "{o} dead. {n}.",
    "new prio: {n}. {o} later/never.",
)
SWITCH_NONNATIVE = (
    "Please, {o} you can leave it. More important now is to {n}.",
    "{O} we not need anymore, the client has cancel it. Can you {n} now please?",
    "About {o}: is not priority anymore. Better you {n}, thank you.",
    "I think we make a different plan: no more {o}, you {n}.",
    "For {o} we wait, maybe never. Now please you {n}.",
    "Is change of plan. {O} finish here and you {n}.",
    "Sorry, {o} {o_is} not anymore needed. The boss want that you {n}.",
)
SWITCH_SUPPORT = (
    "Hi there! Thank you so much for all your work on {o}, it's really appreciated. Unfortunately plans have changed on our side, so would it be possible to set it aside and {n}? Kind regards",
    "Hello, I hope you're doing well. I'm sorry for the inconvenience, but we no longer need {o}. Could you kindly {n} instead? Many thanks for your understanding.",
    "Hi, apologies for the back-and-forth! We've decided not to go ahead with {o} after all. If it's not too much trouble, could you {n}? Thanks so much in advance.",
    "Good morning! Just a quick note to let you know {o} {o_has} been put on hold by the team. In the meantime, would you be able to {n}? Warm regards",
)
SWITCH_SLACK = (
    "@agent heads up, {o} {o_is} off the table. can you {n}? cc @{h}",
    "@agent change of plans 🙃 {n}. {o} can wait",
    "@here @agent {o} {o_is} paused per {p}. next up for you: {n}",
    "@agent sorry, pulling you off {o}. {n} pls",
    "@agent @{h} says {o} {o_is} dead, so {n} instead",
)
SWITCH_BULLETS = (
    "Quick update:\n- {o}: cancelled ({r})\n- new: {n}\n- deadline: Friday",
    "Priorities, in order:\n1. {N}\n2. nothing else\n\n{O} {o_is} parked until further notice.",
    "- {o}: on ice\n- please {n}\n- ping me when you have a first pass",
    "Changes for today:\n• drop {o}\n• {n}",
)
SWITCH_QUOTED = (
    "> {first}\n\nIgnore this one, it's dead. {N}.",
    "> {first}\n\nScratch that. {N} instead.",
    "> {first}\n\nNot needed anymore, the client pulled out. Could you {n}?",
    "> {first}\n\nThis can wait {w}. Please {n}.",
)
SWITCH_LONG = (
    "So here's the decision: {o} {o_goes} on hold, and I'd like you to {n}.",
    "Long story short, {o} {o_is} off the table. Please {n}.",
    "Bottom line: we're dropping {o}. What I need now is for you to {n}.",
    "Which brings me to the point: leave {o} where it is and {n}.",
    "All of which means {o} {o_isnt} happening. Could you {n}?",
)
SWITCH_STATUS = (
    "FYI {status}. That means {o} {o_is} moot, so please {n}.",
    "Update: {status}. So let's shelve {o} and have you {n}.",
    "{Status}, so {o} can wait. {N}.",
)

# ---------------------------------------------------------------- stop templates
STOP_PLAIN = (
    "Let's put a pin in {o} for now.",
    "Hold off on {o}.",
    "Hold off on {o}, {r}.",
    "That's enough on {o} for today.",
    "I'll take it from here, thanks.",
    "I'll take {o} from here, you can leave it.",
    "Park it.",
    "Park {o}, please.",
    "Back-burner {o}.",
    "Scrap {o}. Not needed.",
    "{O} {o_isnt} worth it anymore. Leave it.",
    "The client pulled the plug, so {o} {o_is} dead. Don't spend any more time on it.",
    "Forget I asked.",
    "Forget I asked about {o}.",
    "{O} can wait {w}.",
    "Hand {o} over to {p}; they'll finish it.",
    "Put {o} on ice until further notice.",
    "Pencils down on {o}.",
    "Let's call it a day on {o}.",
    "No more time on {o}, please.",
    "Freeze {o} where it is.",
    "Shelve it for now.",
    "Nix {o}.",
    "Don't bother finishing {o}.",
    "Let's leave {o} there.",
    "Leave it with me.",
    "Table {o} until the board decides.",
    "Mothball {o}.",
    "On second thought, let's not do {o} after all.",
    "We're pivoting, so {o} {o_is} off. Nothing new for you yet.",
    "Kill it. Not worth the hours.",
    "OK, let's stop there.",
    "Stand down on {o}.",
    "That's as far as {o} {o_needs} to go. Leave it.",
    "Let {o} sit for a bit.",
    "Pause {o}, {r}.",
    "Let's shelve {o}; {r}.",
    "Cancel {o}.",
    "Abandon {o}, it's not happening.",
    "Let's leave {o} for another day.",
    "Hang fire on {o}, {r}.",
    "Don't go any further with {o}.",
    "We'll revisit {o} {w}. Leave it for now.",
    "Wind down {o}, no need to finish.",
    "Let's draw a line under {o}.",
    "Put the brakes on {o}; {r}.",
    "Time out on {o}.",
    "Enough of {o} for this week.",
    "Consider {o} cancelled.",
    "Let's not go ahead with {o}. Thanks for what you've done.",
    "No need to carry on with {o}.",
    "{O}: let it go.",
    "Leave {o} with {p}; they'll pick it up.",
    "Could you stop working on {o} for now?",
    "Is it OK if we pause {o} here? {R}.",
    "Scrap that, the whole thing. {R}.",
    "{O} {o_is} on hold as of now.",
    "Don't touch {o} again until I say so.",
    "Let's sleep on {o}. Leave it as it is.",
    "Put {o} in the drawer for now.",
)
STOP_EXEC = (
    "{o}: on hold. will advise.",
    "pause {o}. budget.",
    "{o}: no. done.",
    "enough on {o}. thx",
    "{o} parked. nothing else rn",
    "kill {o}.",
    "{o}: not now.",
    "hold {o}. {r}.",
)
STOP_NONNATIVE = (
    "Please for now you leave {o}, we continue maybe another time.",
    "{O} we stop here, the client is changing the idea.",
    "Is not necessary to continue {o}, thank you for the work until now.",
    "For {o} we make a pause, I tell you when is ok again.",
    "{O} you can let it, is not more important.",
    "The work on {o}, please not more for the moment. {R}.",
)
STOP_SUPPORT = (
    "Hi! Thanks so much for everything on {o} so far. We've decided to put it on hold for the time being, so there's no need to continue. Have a lovely day!",
    "Hello, I hope all is well. Just to let you know, we won't be needing {o} after all, so please don't spend any more time on it. Apologies for the change, and thank you!",
    "Hi there, sorry for the short notice! Could you please pause {o}? We'll be in touch once we've had a chance to regroup. Best wishes",
    "Dear assistant, thank you for your patience with {o}. Unfortunately {r}, so we'd kindly ask you to leave it for now. Kind regards",
)
STOP_SLACK = (
    "@agent pls pause {o}, waiting on @{h} to confirm scope",
    "@agent {o} {o_is} on hold till further notice 🙏",
    "@agent hey, can you down tools on {o}? {r}",
    "@agent leave {o} for now, @{h} is taking it over",
    "@channel fyi {o} {o_is} shelved. @agent no need to continue",
)
STOP_BULLETS = (
    "Status:\n- {o}: paused\n- reason: {r}\n- next steps: none for now, I'll ping you",
    "Decisions from today's sync:\n- {o} {o_is} shelved\n- no replacement task yet",
    "- {o}: stop here\n- don't send anything out\n- I'll follow up next week",
    "Where things stand:\n• {o} → on hold ({r})\n• nothing else for you today",
)
STOP_QUOTED = (
    "> {first}\n\nLet's leave this one for now.",
    "> {first}\n\nNever mind this, {r}.",
    "> {first}\n\nOn hold, please. Don't do any more on it.",
    "> {first}\n\nForget I asked.",
)
STOP_LONG = (
    "So here's the decision: {o} {o_goes} on hold until further notice.",
    "Long story short, let's put a pin in {o}. Nothing else for now.",
    "Bottom line: no more time on {o}. I'll get back to you when I know more.",
    "Which is all to say: park {o} for now.",
    "So, with all that: let's stop {o} where it is.",
)
STOP_STATUS = (
    "Saw what you've got on {o} so far, looks solid. But {r}, so let's stop there for now.",
    "FYI {status}. Knock-on effect: {o} {o_is} on hold. Nothing else for you right now.",
    "{Status}, which changes things. Let's pause {o} until I know more.",
)

# ---------------------------------------------------------------- resume templates
RESUME_PLAIN = (
    "Ok, back to {s}.",
    "Thanks, that's {c} sorted. Let's pick up where we left off with {s}.",
    "Where were we on {s}? Let's keep going with it.",
    "Where were we on {s}?",
    "Right, {c} {c_is} done, so let's get back into {s}.",
    "Now that {c} {c_is} out of the way, can you pick {s} back up?",
    "Let's return to {sd}.",
    "Remember {sd}? Let's finish that now.",
    "Good. Now {s}, the one we parked earlier: carry on with it.",
    "Take {s} off the back burner, we're going again.",
    "{S} {s_is} back on, the client changed their mind. Continue from where you stopped.",
    "Good news: the budget's approved again, so {s} {s_is} a go. Pick it up where you left it.",
    "Let's un-pause {s}.",
    "Dust off {s} and carry on.",
    "Can we get back to {sd} now?",
    "Could you resume {s}?",
    "Back to the earlier job: {s}. Where had you got to?",
    "OK, {s} again. Same brief as before.",
    "Let's get {s} moving again.",
    "Time to revisit {s}; continue from your last draft.",
    "Back on {s}, please.",
    "Let's finish what we started on {s}.",
    "{S}: let's pick that thread back up.",
    "Now, {sd}: let's get back to it.",
    "Thanks for {c}. Now back to what you were doing before it.",
    "The pin's out of {s}, carry on.",
    "Un-park {s}, please.",
    "The hold on {s} {s_is} lifted. Keep going from where you were.",
    "Let's go back to {s} now that {c} {c_is} handled.",
    "Reopen {s} and keep going.",
    "Let's revive {s}.",
    "Can you carry on with {s} where you left it?",
    "Back to {s}; {p} confirmed we're good to go.",
    "The client is back in touch, so let's pick {s} up again.",
    "{C} {c_looks} good, thanks. Next, let's get back to {sd}.",
    "OK, returning to {s}: carry on from the last step.",
    "Let's jump back into {s}.",
    "Right, where did we leave {s}? Let's continue.",
    "Thanks, that's done. Now back to what we were doing before.",
    "Great. Where were we before I pulled you off? Let's carry on with that.",
    "That's sorted. Let's return to the earlier job.",
    "Nice one. Now the thing we parked: pick it back up.",
    "Good, the detour's over. Back to the original task, please.",
    "ok thanks. back to the other thing now",
    "Right, let's get back to where we were before that came up.",
    "Perfect. Now let's finish the one we put on hold.",
    "{S} {s_has} been waiting long enough. Let's get back on it.",
    "Bring {s} back out and keep going.",
)
RESUME_EXEC = (
    "{c} done. {s}: back on. go.",
    "ok. {s} again. from where u stopped.",
    "{s}: resume. thx",
    "back to {s}. now.",
    "{s} unpaused. continue.",
)
RESUME_NONNATIVE = (
    "Now we go back to {s}, please continue it from where you were.",
    "The {c} {c_is} finish, thank you. Now again {s} please.",
    "Okay, we return on {s} now, is possible?",
    "For {s} the client say yes again, so you can continue it.",
    "Before we stopped {s} in the middle. Now please you continue it.",
)
RESUME_SUPPORT = (
    "Thank you so much for handling {c} so quickly! If it's alright, could we now return to {s}? Many thanks.",
    "Hi again! Good news, we've got the green light on {s}, so please feel free to pick it back up. Thank you!",
    "Hello! Now that {c} {c_is} wrapped up, would you mind continuing with {sd}? Much appreciated.",
)
RESUME_SLACK = (
    "@agent nice. {s} {s_is} unblocked, pick it back up pls",
    "@agent back to {s} 🚀",
    "@agent {p} says {s} {s_is} a go again, carry on from where you were",
    "@agent ty for {c}! now {s} again pls cc @{h}",
)
RESUME_BULLETS = (
    "- {c}: ✅ done\n- {s}: back on, continue from where you stopped",
    "Next steps:\n1. Go back to {s}\n2. Pick up where you left off\n3. Send me the draft by Thursday",
    "Today:\n• {c}: done, thanks\n• back to {sd}",
)
RESUME_QUOTED = (
    "> {sfirst}\n\nLet's get back to this one now.",
    "> {sfirst}\n\nThis is back on. Carry on from where you stopped.",
    "> {sfirst}\n\nOK, {c} {c_is} done, so returning to this.",
)
RESUME_LONG = (
    "Anyway, {c} {c_is} done, so let's go back to {s} and pick up where you left off.",
    "Which brings me to the point: {s} {s_is} back on. Carry on from where you stopped.",
    "So: back to {sd}, please.",
    "Long story short, the hold is lifted. Let's continue with {s}.",
)
RESUME_STATUS = (
    "FYI {status}. That unblocks {s}, so let's get back to it.",
    "{Status}, so {s} {s_is} back on the table. Pick it up again.",
    "Update: {status}. Thanks for {c}. Now back to {s}.",
)

# ---------------------------------------------------------------- reply templates
REPLY_GENERIC_SOFT = (
    "How's {o} coming along?",
    "Any blockers on {o}?",
    "Roughly how long until {o} {o_is} done?",
    "Where are we with {o}?",
    "Is {o} on track for Friday?",
    "Thanks, this is looking good.",
    "Perfect, thank you!",
    "Great work so far, keep going.",
    "Send me what you have on {o} by end of day, even if it's rough.",
    "Can you show your working on {o}?",
    "Please keep a short log of what you've done on {o}.",
    "Yes, that's what I meant.",
    "Not quite. Re-read my first message about {o}.",
    "Sorry, I missed your question. What did you need from me on {o}?",
    "Looks right to me, go ahead.",
    "Can you explain the second point again?",
    "Good call.",
    "Happy with that approach for {o}.",
    "Loop in {p} when {o} {o_is} ready for review.",
    "What do you need from me to finish {o}?",
    "Both options sound fine for {o}; pick whichever is faster.",
    "Can you summarise where {o} {o_stands} in three bullets?",
)
REPLY_GENERIC_HARD = (
    "No change of plans, just keep going on {o}.",
    "Don't stop to check with me on small things in {o}; use your judgement.",
    "Ignore my earlier message about pausing. Carry on with {o}.",
    "I was about to tell you to drop {o}, but the client confirmed, so keep at it.",
    "Once {o} {o_is} done I'll want you to {n}, but finish this first. No rush on that one.",
    "{P} asked if you could {n}. I told them it waits until {o} {o_is} finished.",
    "Someone suggested we switch to {nn} first, but no, {o} {o_stays} the priority.",
    "We're not putting a pin in {o}, whatever you heard. Keep going.",
    "The deadline for {o} moved later, to the 30th, so there's a bit more time.",
    "No need to hand {o} over to anyone; it's yours.",
    "Forget what I said earlier about the deadline: {o} {o_is} due Thursday, not Friday.",
    "Scrap that last suggestion of mine; your original approach to {o} {o_was} better.",
    "Change of plans on the format only: send {o} as a PDF instead of a doc.",
    "Don't cancel anything you've already done on {o}; just build on it.",
    "Back to your question on {o}: yes, go with the first option.",
    "Someone asked me if {o} {o_is} still worth doing. It is, carry on.",
    "You don't need to pause {o} while I'm in meetings, just keep going.",
    "I'll be offline later, so don't wait for me. Keep working on {o}.",
    "If you get stuck on {o}, stop and ask rather than guessing.",
    "Don't switch approach halfway through {o}; stick with what you started.",
    "Stopping there for the first part was the right call. Now continue with the rest of {o}.",
    "My other project got cancelled, so you have my full attention for {o}.",
    "I've parked my other stuff so we can get {o} done today.",
    "We put everything else on hold this week; {o} {o_is} the one thing that matters.",
    "Let's not stop now, we're close on {o}.",
    "Let's pick up the pace on {o}, the review moved earlier.",
    "{nn} can wait until {o} {o_is} done; don't let it distract you.",
    "Don't drop {o} just because {p} is out. Keep going.",
    "The pause you took on {o} to ask me was fine. Now carry on.",
    "I know I said {o} could wait, but it can't. Keep going full speed.",
)
REPLY_EXEC_SOFT = ("{o}: fine. continue.", "re {o}: looks ok. ship tmrw.", "{o}: good. more detail pls.", "{o}. eta?")
REPLY_EXEC_HARD = ("{o}: don't stop, nearly there.", "{o}: no pause. keep going.", "{o}: not dropping it. continue.", "{o} {o_stays}. other stuff later.")
REPLY_NONNATIVE_SOFT = (
    "{O} {o_is} very good until now, thank you. Continue please.",
    "About {o}, I have one question: when you think it is finish?",
    "For {o} I send you the file tomorrow, you continue with what you have.",
)
REPLY_NONNATIVE_HARD = (
    "Please for {o} you not stop for ask me small things, just continue.",
    "We not cancel {o}, someone say wrong. You continue please.",
    "{O} we don't make pause, is urgent. Go on please.",
)
REPLY_SUPPORT = (
    "Hi there, thanks so much for the update on {o}! Just a quick note: {fact} Many thanks!",
    "Hello! Thank you for your patience with {o}. {fact} Kind regards",
    "Hi! Really appreciate the progress on {o}. One small thing: {fact} Thanks again!",
)
REPLY_SLACK = ("@agent re {o}: {fact}", "@agent {fact} cc @{h}", "@agent quick one on {o} 👉 {fact}")
REPLY_BULLETS = (
    "Couple of notes on {o}:\n- {f1}\n- {f2}",
    "Feedback:\n• {f1}\n• {f2}\n• otherwise good, keep going",
)
REPLY_QUOTED = ("> {first}\n\nTo add to this: {fact}", "> {first}\n\nOne clarification on this: {fact}")
REPLY_LONG = ("Anyway, re {o}:\n{fact}", "One more thing on {o}: {fact}")
REPLY_STATUS = (
    "Status from my side: {status}. Nothing that changes your work.\n\nFor {o}: {fact}",
    "FYI {status}, doesn't affect you. On {o}: {fact}",
)

EMOJI = ("🙏", "👍", "😅", "🔥", "✅", "🙂", "😬", "👀")
SIGNOFFS = ("\n\nThanks,\nM.", "\n\nsent from my phone", " thx", "\n\ncheers, Tom", "\n\nBest,\nAlina", "\n\n-- J")
FILLERS = ("okay so ", "um ", "right so ", "hey ", "so yeah ", "")
VOICES = ("plain", "exec", "nonnative", "support", "long", "status", "bullets", "quoted", "slack", "dictation")
VOICE_WEIGHTS = (30, 8, 8, 7, 9, 7, 7, 7, 8, 9)
# fmt: on


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


PLURAL_VERBS = {
    "is": "are",
    "isnt": "aren't",
    "has": "have",
    "goes": "go",
    "was": "were",
    "stays": "stay",
    "stands": "stand",
    "needs": "need",
    "looks": "look",
}
SINGULAR_VERBS = {
    "is": "is",
    "isnt": "isn't",
    "has": "has",
    "goes": "goes",
    "was": "was",
    "stays": "stays",
    "stands": "stands",
    "needs": "needs",
    "looks": "looks",
}


def _verbs(slot: str, name: str) -> dict[str, str]:
    """Verb forms agreeing with a task name ("the rail passes are", "the Lisbon trip is")."""
    last = name.rsplit(maxsplit=1)[-1]
    plural = last.endswith("s") and not last.endswith("ss")
    forms = PLURAL_VERBS if plural else SINGULAR_VERBS
    return {f"{slot}_{key}": form for key, form in forms.items()}


def _norm(text: str) -> str:
    """Lowercase, punctuation and spacing dropped: the key under which texts must be unique."""
    return " ".join(re.findall(r"[^\W_]+", text.lower()))


def _dictate(text: str) -> str:
    """Voice dictation: lowercase, no punctuation, a filler word."""
    t = text.lower().replace("\n", " ")
    t = re.sub(r"(?<![a-z])'|'(?![a-z])", " ", t)
    t = re.sub(r"[^\w\s'$£%]", " ", t)
    return " ".join(t.split())


class _Writer:
    """Writes one message of a kind at a time, with its tasks."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, seq: Sequence[str]) -> str:
        return self.rng.choice(seq)

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def two_tasks(self) -> tuple[Task, Task]:
        a = self.rng.choice(TASKS)
        b = self.rng.choice([t for t in TASKS if t is not a])
        return a, b

    def voice(self) -> str:
        return self.rng.choices(VOICES, weights=VOICE_WEIGHTS)[0]

    def slots(self, cur: Task, other: Task) -> dict[str, str]:
        o = self.pick(cur.names)
        n = self.pick(other.asks)
        nn = self.pick(other.names)
        r = self.pick(REASONS)
        status = self.pick(STATUSES)
        return (
            _verbs("o", o)
            | _verbs("nn", nn)
            | {
                "o": o,
                "O": _cap(o),
                "n": n,
                "N": _cap(n),
                "nn": nn,
                "NN": _cap(nn),
                "nfirst": other.first,
                "first": cur.first,
                "r": r,
                "R": _cap(r),
                "w": self.pick(LATERS),
                "p": self.pick(PEOPLE),
                "P": _cap(self.pick(PEOPLE)),
                "h": self.pick(HANDLES),
                "status": status,
                "Status": _cap(status),
            }
        )

    def long_message(self, ending: str) -> str:
        first, second = self.rng.sample(PREAMBLES, 2)
        paras = [first, second] if self.chance(0.5) else [first]
        return "\n\n".join([*paras, ending])

    def register(self, text: str, voice: str) -> str:
        """Light surface transforms over some messages."""
        if voice == "dictation":
            return self.pick(FILLERS) + _dictate(text)
        if not self.chance(0.35):
            return text
        moves = self.rng.sample(
            ("lower", "typo", "nopunct", "texting", "emoji", "signoff"),
            2 if self.chance(0.3) else 1,
        )
        for move in moves:
            if move == "lower":
                text = text.lower()
            elif move == "typo":
                words = [m for m in re.finditer(r"\b[a-z]{5,}\b", text)]
                if words:
                    m = self.rng.choice(words)
                    i = self.rng.randrange(1, len(m.group()) - 2)
                    w = m.group()
                    text = (
                        text[: m.start()] + w[:i] + w[i + 1] + w[i] + w[i + 2 :] + text[m.end() :]
                    )
            elif move == "nopunct":
                text = text.rstrip(".!")
            elif move == "texting":
                for pat, rep in (
                    (r"\bplease\b", "pls"),
                    (r"\bthanks\b", "thx"),
                    (r"\byou\b", "u"),
                    (r"\btomorrow\b", "tmrw"),
                ):
                    text = re.sub(pat, rep, text)
            elif move == "emoji":
                text = f"{text} {self.pick(EMOJI)}"
            elif not text.endswith("thx"):
                text += self.pick(SIGNOFFS)
        return text

    def compose(self, voice: str, table: dict[str, tuple[str, ...]], slots: dict[str, str]) -> str:
        base = "plain" if voice == "dictation" else voice
        template = self.pick(table[base])
        text = template.format_map(slots)
        if base == "long":
            text = self.long_message(text)
        return self.register(text, voice)

    # ------------------------------------------------------------ kinds
    def switch(self) -> tuple[str, Task, Task | None, bool]:
        cur, new = self.two_tasks()
        table = {
            "plain": SWITCH_PLAIN,
            "exec": SWITCH_EXEC,
            "nonnative": SWITCH_NONNATIVE,
            "support": SWITCH_SUPPORT,
            "long": SWITCH_LONG,
            "status": SWITCH_STATUS,
            "bullets": SWITCH_BULLETS,
            "quoted": SWITCH_QUOTED,
            "slack": SWITCH_SLACK,
        }
        return self.compose(self.voice(), table, self.slots(cur, new)), cur, None, False

    def stop(self) -> tuple[str, Task, Task | None, bool]:
        cur, other = self.two_tasks()
        table = {
            "plain": STOP_PLAIN,
            "exec": STOP_EXEC,
            "nonnative": STOP_NONNATIVE,
            "support": STOP_SUPPORT,
            "long": STOP_LONG,
            "status": STOP_STATUS,
            "bullets": STOP_BULLETS,
            "quoted": STOP_QUOTED,
            "slack": STOP_SLACK,
        }
        return self.compose(self.voice(), table, self.slots(cur, other)), cur, None, False

    def resume(self) -> tuple[str, Task, Task | None, bool]:
        stopped, cur = self.two_tasks()
        slots = self.slots(cur, stopped)
        s = self.pick(stopped.names)
        sd = self.pick(stopped.descs)
        slots |= {
            "s": s,
            "S": _cap(s),
            "sd": sd,
            "SD": _cap(sd),
            **_verbs("s", s),
            **_verbs("c", slots["o"]),
            "c": slots["o"],
            "C": slots["O"],
            "sfirst": stopped.first,
        }
        table = {
            "plain": RESUME_PLAIN,
            "exec": RESUME_EXEC,
            "nonnative": RESUME_NONNATIVE,
            "support": RESUME_SUPPORT,
            "long": RESUME_LONG,
            "status": RESUME_STATUS,
            "bullets": RESUME_BULLETS,
            "quoted": RESUME_QUOTED,
            "slack": RESUME_SLACK,
        }
        return self.compose(self.voice(), table, slots), cur, stopped, False

    def reply(self, hard: bool) -> tuple[str, Task, Task | None, bool]:
        cur, other = self.two_tasks()
        slots = self.slots(cur, other)
        own = cur.looks if hard else cur.facts
        voice = self.voice()
        if voice in ("plain", "dictation"):
            if self.chance(0.6):
                text = self.pick(own)
            else:
                text = self.pick(REPLY_GENERIC_HARD if hard else REPLY_GENERIC_SOFT).format_map(
                    slots
                )
        elif voice == "exec":
            text = self.pick(REPLY_EXEC_HARD if hard else REPLY_EXEC_SOFT).format_map(slots)
        elif voice == "nonnative":
            text = self.pick(REPLY_NONNATIVE_HARD if hard else REPLY_NONNATIVE_SOFT).format_map(
                slots
            )
        elif voice == "bullets":
            f1, f2 = self.rng.sample(own, 2)
            if hard and self.chance(0.5):
                f2 = self.pick(cur.facts)  # one look-alike among plain details is enough
            text = self.pick(REPLY_BULLETS).format_map(slots | {"f1": f1, "f2": f2})
        else:
            table = {
                "support": REPLY_SUPPORT,
                "slack": REPLY_SLACK,
                "quoted": REPLY_QUOTED,
                "long": REPLY_LONG,
                "status": REPLY_STATUS,
            }
            text = self.pick(table[voice]).format_map(slots | {"fact": self.pick(own)})
            if voice == "long":
                text = self.long_message(text)
        return self.register(text, voice), cur, None, hard


def _generate_tagged(seed: int) -> list[tuple[dict[str, str | None], bool]]:
    """The cases for ``seed``, each with whether it is a hard (look-alike) reply."""
    writer = _Writer(seed)
    makers: dict[str, Callable[[], tuple[str, Task, Task | None, bool]]] = {
        "switch": writer.switch,
        "stop": writer.stop,
        "resume": writer.resume,
    }
    out: list[tuple[dict[str, str | None], bool]] = []
    seen: set[str] = set()
    for kind, wanted in PLAN:
        made = hard_made = 0
        for _ in range(wanted * 60):
            if made == wanted:
                break
            if kind == "reply":
                text, current, stopped, hard = writer.reply(hard_made < HARD_REPLIES)
            else:
                text, current, stopped, hard = makers[kind]()
            key = _norm(text)
            if not key or key in seen:
                continue
            seen.add(key)
            case: dict[str, str | None] = {
                "kind": kind,
                "text": text,
                "current_task": current.first,
                "stopped_task": stopped.first if stopped else None,
            }
            out.append((case, hard))
            made += 1
            hard_made += hard
        if made < wanted:
            raise RuntimeError(f"corpus g: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    return [case for case, _ in _generate_tagged(seed)]


if __name__ == "__main__":
    firsts = {t.first for t in TASKS}
    for seed in (0, 1, 2):
        tagged = _generate_tagged(seed)
        cases = [c for c, _ in tagged]
        counts = Counter(c["kind"] for c in cases)
        assert len(cases) == sum(n for _, n in PLAN) == 600, len(cases)
        assert dict(counts) == dict(PLAN), counts
        keys = [_norm(c["text"] or "") for c in cases]
        assert len(set(keys)) == len(keys), "duplicate normalised text"
        for c in cases:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}, c
            assert c["kind"] in KINDS
            assert c["text"]
            assert c["text"].strip()
            assert c["current_task"] in firsts
            if c["kind"] == "resume":
                assert c["stopped_task"] in firsts
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
        hard = sum(h for c, h in tagged if c["kind"] == "reply")
        assert hard * 3 >= counts["reply"], hard
        assert generate(seed) == cases, "not deterministic"
        print(
            f"seed {seed}: {len(cases)} cases {dict(counts)}, hard replies {hard}/{counts['reply']}"
        )
    assert generate(0) != generate(1)
    print("tasks:", len(TASKS), "| domains:", len({t.domain for t in TASKS}))
    cases = generate(0)
    sampler = random.Random(7)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 6):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
