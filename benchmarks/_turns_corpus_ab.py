# ruff: noqa: E501
"""Held-out corpus ``ab`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of people in formal institutional offices who
steer an AI assistant through their paperwork: school principals, assistant principals and
teachers, a city clerk's office, a nonprofit grants office, a university registrar, a hospital
procurement office and a court clerk's office. Opened while writing: only lines 1-66 of
``benchmarks/_turns_corpus_t.py`` (its docstring, imports and ``KINDS``) and lines 1084-1141
of the same file (its ``generate`` function and ``__main__`` self-check), to copy the
interface; none of its wording is reused. NOT opened, grepped, listed or run: anything under
``src/``, ``tests/`` or ``benchmarks/results/``, every other ``benchmarks/_turns_corpus_*.py``
file (nor the middle of ``_turns_corpus_t.py``), any ``bench_*.py`` script,
``train_turn_model.py``, ``turns_model_loco.py``, ``turn_features_loco.py`` and ``/work/shared``.
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

- 33 institutional paperwork tasks in six offices, each with concrete names, ids and amounts:
  a suspension notice (Jordan Pellham, Section 4.3), museum trip permission slips, a cover
  timetable, a Versailles essay rubric, the handbook's inclement weather section, an
  absenteeism report; a council agenda, Planning Committee minutes, a rezoning hearing notice
  (RZ-2024-031), a public records response (PRR-0457), a bus stop relocation staff report, a
  recall petition certificate; a foundation final report (HF-2023-118), an NEA budget
  justification, a letter of inquiry, a subaward, a restricted ledger reconciliation
  (BW-2291), a no-cost extension; a late drop (CHEM 201), a degree audit, the 2025-26
  academic calendar, an enrolment verification letter, a readmission; an infusion pump RFQ
  (RFQ-HP-0912), a glove quote comparison, a saline flush recall notice (lot 22B7), a Stryker
  invoice discrepancy (PO-55120), an MRI coil capital case; a motions calendar, a notice of
  hearing (24-CR-0311), jury panel reminders, sealing notices after an expungement and small
  claims fee waivers.
- Each task carries formal nicknames, a distinguishing detail ("the letter citing Section
  4.3"), an imperative "do" phrase, a context-only description of the problem, a question that
  implies the work, a colleague who could take it over, and five or six same-task replies,
  about half of them hard look-alikes where the task's own subject matter is a suspension, a
  withdrawal, a recess and resumption, a stay, a continuance, a deferral, a recall ("stop
  using the lot"), a drop/add, a résumé, an invoice on hold, a vendor switch or a cancelled
  cheque.
- Register: formal, passive, indirect bureaucratic prose ("Please be advised that ...",
  "The Board has determined that ...", "Pending further review ...", "Effective immediately
  ..."), memos with To/From/Re lines and numbered points, forwarded board decisions,
  several-paragraph letters, and terse lower-case notes from a busy supervisor; greetings,
  sign-offs, answers to the agent's earlier question and "Sent from my iPhone" tails.
- Switches mostly bury the change of course after a greeting or an answer, or give it as a
  board decision, a reassignment to a colleague, a deferral to the next cycle, a revised
  priority after an event, or a new problem described only by its context and followed by a
  question; stops are withdrawals, deferrals, hand-offs, "not pursuing", "on the back burner";
  resumes name the parked task by nickname, by a detail, or not at all ("the item we held
  back", "what we parked on Tuesday", "the one before it"). Only a minority says stop /
  cancel / switch / instead / resume literally.
- Replies are half plain (answers, approvals, corrections, extra detail, deadlines, status
  questions) and half look-alikes: stop / cancel / pause / hold / drop / defer / instead /
  back / switch / resume used about the same task, questions about a parked task that do not
  resume it, "I'm not asking you to stop", alternatives for the same task.
- Seeded slot filling over the message templates counted by the self-check plus the
  task-specific replies, then light register noise on some cases (lower-casing of short notes,
  one letter-swap typo, a dropped final full stop, ``pls``/``thx``, a phone sign-off).
  Standard library only.

``python benchmarks/_turns_corpus_ab.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

Case = dict[str, object]
Builder = Callable[[random.Random], Case]


@dataclass(frozen=True)
class Domain:
    bosses: tuple[str, ...]
    boards: tuple[str, ...]
    office: str
    signers: tuple[str, ...]


@dataclass(frozen=True)
class Task:
    domain: str
    ask: str
    nicks: tuple[str, ...]
    do: str
    ctx: str
    q: str
    detail: str
    owner: str
    replies: tuple[str, ...]


_DOMAINS: dict[str, Domain] = {
    "school": Domain(
        bosses=("Principal", "Superintendent"),
        boards=("Board of Education", "Senior Leadership Team"),
        office="Office of the Principal, Westfield Middle School",
        signers=(
            "Dr. A. Whitcombe\nPrincipal",
            "J. Navarro\nAssistant Principal",
            "M. Ferris\nHead of Humanities",
            "Office of the Principal",
        ),
    ),
    "council": Domain(
        bosses=("City Manager", "Mayor"),
        boards=("City Council", "Rules Committee"),
        office="Office of the City Clerk",
        signers=("R. Okonkwo\nCity Clerk", "Deputy City Clerk", "P. Lindqvist\nRecords Manager"),
    ),
    "grants": Domain(
        bosses=("Executive Director", "Director of Development"),
        boards=("Board of Directors", "Finance Committee"),
        office="Grants Office, Riverside Community Partners",
        signers=(
            "L. Fairbairn\nDirector of Grants",
            "N. Osei\nDevelopment Manager",
            "Grants Office",
        ),
    ),
    "registrar": Domain(
        bosses=("University Registrar", "Dean of Students"),
        boards=("Academic Standards Committee", "Faculty Senate"),
        office="Office of the Registrar",
        signers=(
            "K. Sato\nAssociate Registrar",
            "Office of the Registrar",
            "E. Lindgren\nRecords Supervisor",
        ),
    ),
    "hospital": Domain(
        bosses=("Chief Financial Officer", "Director of Supply Chain"),
        boards=("Value Analysis Committee", "Finance Committee"),
        office="Procurement Office, St. Brendan's Hospital",
        signers=("D. Mensah\nSupply Chain Manager", "Procurement Office", "C. Bauer\nSenior Buyer"),
    ),
    "court": Domain(
        bosses=("Presiding Judge", "Court Administrator"),
        boards=("Judicial Council", "Executive Committee of the bench"),
        office="Office of the Clerk of Court",
        signers=("T. Hargreaves\nDeputy Clerk", "Clerk of Court", "Court Operations"),
    ),
}


_TASKS: tuple[Task, ...] = (
    # ---------------------------------------------------------------- school
    Task(
        domain="school",
        ask="Please draft the five-day suspension notice for Jordan Pellham (Grade 9) regarding the incident of 12 March, citing Section 4.3 of the Code of Conduct.",
        nicks=(
            "the Pellham suspension notice",
            "the suspension letter for Jordan Pellham",
            "the Pellham letter",
        ),
        do="draft the five-day suspension notice for Jordan Pellham, citing Section 4.3 of the Code of Conduct",
        ctx="Jordan Pellham's parents have asked for written notice of the five-day suspension arising from the 12 March incident, with the relevant section of the Code of Conduct cited.",
        q="Could a suspension notice for Jordan Pellham be prepared, citing Section 4.3?",
        detail="the letter citing Section 4.3",
        owner="Mr. Navarro",
        replies=(
            "Jordan's date of birth is 2 August 2010; please include it in the reference line.",
            "The suspension is to be served in school, not at home. Kindly amend the second paragraph accordingly.",
            "Mr. Pellham has asked whether the suspension can be put on hold until the appeal is heard. Please add a sentence stating that it cannot.",
            "Please state that Jordan may resume attending classes on 20 March.",
            "Add the line about the right of appeal within ten school days.",
            "Is Section 4.3 the correct citation, or should it be 4.3(b)?",
        ),
    ),
    Task(
        domain="school",
        ask="Prepare the permission slip and cost letter for the Year 7 trip to the Ashby Science Museum on 22 May, at $18.50 per pupil.",
        nicks=(
            "the Ashby trip letter",
            "the permission slip for the museum",
            "the Year 7 trip paperwork",
        ),
        do="prepare the permission slip and cost letter for the Year 7 Ashby Science Museum trip on 22 May",
        ctx="The Year 7 team has confirmed the Ashby Science Museum visit for 22 May at $18.50 per pupil, and parents have not yet been written to.",
        q="Would you be able to put together the permission slip and cost letter for the Ashby Science Museum trip?",
        detail="the paperwork for the 22 May museum visit",
        owner="Ms. Adeyemi",
        replies=(
            "Please add that the trip will be cancelled if fewer than 40 signed slips are returned by 9 May.",
            "The coach leaves from the stop on Chandler Road, not from the main entrance.",
            "Pupils eligible for free meals pay nothing; please say so discreetly in a footnote.",
            "Return to school is expected at 3:15 p.m. Please include that.",
            "Can the slip fit on the bottom third of the page so it can be torn off?",
        ),
    ),
    Task(
        domain="school",
        ask="Please produce the cover timetable for Mrs. Delacroix's classes during her leave from 3 to 14 June.",
        nicks=(
            "the Delacroix cover timetable",
            "the cover plan for Mrs. Delacroix",
            "the June cover rota",
        ),
        do="produce the cover timetable for Mrs. Delacroix's classes from 3 to 14 June",
        ctx="Mrs. Delacroix will be on leave from 3 to 14 June and none of her nine classes has cover arranged.",
        q="Could you work out cover for Mrs. Delacroix's classes while she is away in June?",
        detail="the rota for the 3-14 June leave",
        owner="Mr. Oyelowo",
        replies=(
            "Period 5 switches to Room B12 on Thursdays; please reflect that.",
            "Mr. Hanley is not available to cover on Wednesdays.",
            "The rota should pause for the staff training day on 7 June and pick up again on the 10th.",
            "Supply teachers are only to be used where no internal cover is possible.",
            "Does the rota take account of the Year 11 exam timetable?",
        ),
    ),
    Task(
        domain="school",
        ask="Please write a marking rubric for the Grade 11 history essay on the Treaty of Versailles: four criteria, four bands each.",
        nicks=("the Versailles rubric", "the Grade 11 essay rubric", "the history marking rubric"),
        do="write the four-criterion marking rubric for the Grade 11 Treaty of Versailles essay",
        ctx="The Grade 11 Versailles essays are due in on Friday and the department has no agreed rubric to mark them against.",
        q="Could a rubric be drawn up for the Grade 11 Versailles essays before they come in?",
        detail="the four-by-four marking grid",
        owner="Ms. Ferris",
        replies=(
            "Please drop the criterion on bibliography formatting; that is assessed separately.",
            "The top band should stop at 'thoroughly supported'. We do not use 'exemplary'.",
            "Weight the argument criterion at 40 per cent.",
            "Use Band 1 to Band 4 rather than letter grades.",
            "Include a descriptor for the use of primary sources such as the Fourteen Points.",
            "The reparations question belongs under the analysis criterion instead of knowledge.",
        ),
    ),
    Task(
        domain="school",
        ask="Update Section 9 of the staff handbook, Inclement Weather Procedures, to reflect the new 6:00 a.m. decision time.",
        nicks=(
            "the inclement weather section",
            "Section 9 of the handbook",
            "the snow-day section",
        ),
        do="update Section 9 of the staff handbook to reflect the 6:00 a.m. closure decision time",
        ctx="The district has moved the weather closure decision to 6:00 a.m., and Section 9 of our staff handbook still says 5:30.",
        q="Can Section 9 of the handbook be brought into line with the new 6:00 a.m. decision time?",
        detail="the handbook section with the 6:00 a.m. change",
        owner="Mrs. Kaur",
        replies=(
            "Add that after-school activities are automatically cancelled whenever the district closes.",
            "Include the sentence: 'Classes will resume at the normal time the following day unless otherwise announced.'",
            "Staff should check the district text alert, not local radio. Please say that.",
            "A two-hour delay should be listed as a separate option from a full closure.",
            "Is the phone tree still in Section 9, or has it moved to the appendix?",
        ),
    ),
    Task(
        domain="school",
        ask="Compile the chronic absenteeism report for Westfield Middle School for the autumn term, listing pupils below 90 per cent attendance.",
        nicks=(
            "the absenteeism report",
            "the autumn attendance report",
            "the Westfield attendance return",
        ),
        do="compile the autumn-term chronic absenteeism report for Westfield Middle School",
        ctx="The district has asked every school for its autumn-term chronic absenteeism figures, and Westfield's have not been compiled.",
        q="Could the autumn absenteeism report for Westfield be put together from the register data?",
        detail="the report on pupils under 90 per cent",
        owner="Mr. Daley",
        replies=(
            "Pupils who withdrew before 1 October should be dropped from the denominator.",
            "Break the figures down by year group, please.",
            "Authorised medical absences still count towards the 90 per cent threshold.",
            "How many pupils fall below 80 per cent?",
            "Please do not name individual pupils in the version that goes to the governors.",
            "The electronic register for 7C stops on 14 November because of the system migration; use the paper register after that date.",
        ),
    ),
    # --------------------------------------------------------------- council
    Task(
        domain="council",
        ask="Please prepare the agenda for the 18 June regular meeting of the City Council, including the consent calendar.",
        nicks=("the 18 June agenda", "the council agenda", "the June meeting agenda"),
        do="prepare the agenda and consent calendar for the 18 June regular council meeting",
        ctx="The 18 June regular meeting is less than two weeks away, departments have sent in their items, and the agenda has not been started.",
        q="Could the agenda for the 18 June meeting be drafted from the items the departments have sent?",
        detail="the agenda for the eighteenth",
        owner="the Deputy Clerk",
        replies=(
            "Item 7 has been withdrawn by the applicant; please strike it and renumber the remaining items.",
            "Move the closed session to the end instead of after public comment.",
            "The proclamation for Parks and Recreation Month goes under Presentations.",
            "Public comment is limited to three minutes per speaker; please state this on the cover page.",
            "Was the street sweeper resolution placed on consent or as a regular item?",
        ),
    ),
    Task(
        domain="council",
        ask="Please write up the minutes of the 4 June Planning Committee meeting from the audio recording and my notes.",
        nicks=("the Planning Committee write-up", "the 4 June write-up", "the minutes draft"),
        do="write up the minutes of the 4 June Planning Committee meeting",
        ctx="The minutes of the 4 June Planning Committee meeting have not been written up, and they are due for approval at the next meeting.",
        q="Are you able to produce the 4 June Planning Committee minutes from the recording?",
        detail="the write-up of the 4 June meeting",
        owner="Ms. Brandt",
        replies=(
            "The meeting recessed at 8:40 p.m. and resumed at 8:55 p.m.; please record both times.",
            "Councillor Ibarra arrived at 7:12, after the roll call.",
            "The vote on Item 4 was 5-2, with Ibarra and Cho dissenting.",
            "Please summarise public comment rather than transcribing it.",
            "The motion to table Item 6 failed; the item was then approved as amended.",
            "Action minutes, not verbatim.",
        ),
    ),
    Task(
        domain="council",
        ask="Draft the public hearing notice for rezoning application RZ-2024-031 at 112 Orchard Lane for publication in the Ledger-Gazette.",
        nicks=("the Orchard Lane hearing notice", "the RZ-2024-031 notice", "the rezoning notice"),
        do="draft the public hearing notice for rezoning application RZ-2024-031 at 112 Orchard Lane",
        ctx="The rezoning application at 112 Orchard Lane (RZ-2024-031) has been set for hearing, and the statutory notice must be published at least 15 days beforehand.",
        q="Could the hearing notice for RZ-2024-031 be got ready for the paper?",
        detail="the notice for 112 Orchard Lane",
        owner="Mr. Alvarez",
        replies=(
            "The hearing may be continued to a later date; please include the standard continuation language.",
            "The parcel number is 045-221-17.",
            "The request is from R-1 to R-2, not R-3.",
            "The Ledger-Gazette's publication deadline is noon on Wednesday.",
            "Add the sentence about written comments being accepted until 5:00 p.m. on the day before the hearing.",
        ),
    ),
    Task(
        domain="council",
        ask="Please prepare our response to public records request PRR-0457 from the Ledger-Gazette concerning parking enforcement contracts since 2021.",
        nicks=(
            "the PRR-0457 response",
            "the Ledger-Gazette records request",
            "the parking contracts request",
        ),
        do="prepare the response to public records request PRR-0457 on parking enforcement contracts",
        ctx="A reporter from the Ledger-Gazette has filed request PRR-0457 seeking all parking enforcement contracts since 2021, and the ten-day response period is running.",
        q="Would you prepare our reply to the Ledger-Gazette's request for the parking enforcement contracts?",
        detail="the reply to the newspaper's request",
        owner="the City Attorney",
        replies=(
            "Add a sentence to the letter stating that the response period is paused while the requester narrows the scope.",
            "Bank details in the Parkwise contract are to be redacted under the financial information exemption.",
            "Please cite the ten-day extension we took on 3 May.",
            "Does the request cover the 2020 contract that was cancelled in its first year?",
            "Responsive records total 214 pages; please state that.",
        ),
    ),
    Task(
        domain="council",
        ask="Prepare the staff report to Council on relocating the Maple Street bus stop from 220 to 400 Maple Street.",
        nicks=(
            "the Maple Street bus stop report",
            "the bus stop relocation report",
            "the staff report on Maple Street",
        ),
        do="prepare the staff report on relocating the Maple Street bus stop to 400 Maple Street",
        ctx="Residents have petitioned to move the bus stop outside 220 Maple Street to 400 Maple, and Council has asked for a staff report.",
        q="Could a staff report on moving the Maple Street bus stop be drafted for Council?",
        detail="the report on moving the stop to 400 Maple",
        owner="Ms. Tan",
        replies=(
            "The stop is to move 60 metres north, not 40.",
            "Transit has confirmed that Route 14 service would not need to be paused during the works.",
            "Please include the petition count: 87 signatures.",
            "The recommendation should be to approve, subject to a shelter being installed.",
            "Is the cost estimate of $31,400 inclusive of the shelter?",
        ),
    ),
    Task(
        domain="council",
        ask="Prepare the certificate of sufficiency for the Pine Ridge recall petition, which has 1,812 verified signatures against a threshold of 1,650.",
        nicks=(
            "the Pine Ridge certificate",
            "the recall petition certificate",
            "the sufficiency certificate",
        ),
        do="prepare the certificate of sufficiency for the Pine Ridge recall petition",
        ctx="The County has finished verifying the Pine Ridge recall petition at 1,812 valid signatures, above the 1,650 required, and the Clerk's certificate has not been issued.",
        q="Could you prepare the Clerk's certificate for the Pine Ridge recall petition now that verification is complete?",
        detail="the certificate with the 1,812 signatures",
        owner="the Deputy Clerk",
        replies=(
            "Fourteen signers have asked to withdraw their names. Please note whether withdrawals after submission are counted.",
            "The certificate must be signed within ten business days of receipt of the County's count.",
            "Use the statutory form, not our usual letterhead.",
            "Cite Elections Code section 11224.",
            "The recall election date is set by Council, not by this office; leave it out.",
        ),
    ),
    # ---------------------------------------------------------------- grants
    Task(
        domain="grants",
        ask="Please draft the final narrative report for the Hartwell Foundation grant HF-2023-118, due on 14 March.",
        nicks=("the Hartwell report", "the final report to Hartwell", "the HF-2023-118 report"),
        do="draft the final narrative report for Hartwell Foundation grant HF-2023-118",
        ctx="The Hartwell Foundation has written to remind us that the final report on grant HF-2023-118 is due on 14 March, and nothing has been drafted.",
        q="Could the final report to the Hartwell Foundation be pulled together from the programme data?",
        detail="the report due on 14 March",
        owner="Ms. Okafor",
        replies=(
            "Participant numbers were 412, not 389; the lower figure excluded the summer cohort.",
            "The section on challenges should mention that the programme was paused for six weeks during the flood.",
            "Please keep the narrative under 2,000 words.",
            "Include two participant quotations; we hold consent for both.",
            "The Foundation's template puts outcomes before activities; please follow that order instead of ours.",
            "Have you had a chance to look at the evaluation summary yet?",
        ),
    ),
    Task(
        domain="grants",
        ask="Write the budget justification for our $75,000 application to the National Endowment for the Arts for the Read Forward literacy programme.",
        nicks=(
            "the NEA budget justification",
            "the Read Forward budget narrative",
            "the NEA application budget",
        ),
        do="write the budget justification for the $75,000 NEA application for Read Forward",
        ctx="The NEA application for Read Forward is due on the 28th and the budget justification section is still blank.",
        q="Can you write up the budget justification to go with the Read Forward NEA application?",
        detail="the budget narrative for Read Forward",
        owner="Mr. Haddad",
        replies=(
            "The indirect rate is the 10 per cent de minimis.",
            "Personnel is a 0.5 FTE programme coordinator at $52,000 per annum.",
            "Please drop the line for refreshments; the NEA does not allow it.",
            "Show the match as $75,000, cash and in-kind combined.",
            "Instead of listing the books individually, group them as 'instructional materials'.",
            "Does the justification need to cover the in-kind match?",
        ),
    ),
    Task(
        domain="grants",
        ask="Draft a two-page letter of inquiry to the Castellan Trust seeking $120,000 for the mobile food pantry.",
        nicks=("the Castellan letter of inquiry", "the LOI to Castellan", "the food pantry LOI"),
        do="draft the two-page letter of inquiry to the Castellan Trust for the mobile food pantry",
        ctx="The Castellan Trust has opened its spring round, letters of inquiry are due on the 30th, and the mobile food pantry would be a strong fit.",
        q="Could a letter of inquiry to the Castellan Trust for the food pantry be drafted?",
        detail="the two-pager for the food pantry",
        owner="Mr. Osei",
        replies=(
            "The pantry van stops at eleven sites each week; please say eleven, not ten.",
            "The Trust prefers outcome language, such as households served, to outputs.",
            "Please address it to Ms. Harriet Vance, Programme Officer.",
            "Mention the Kellerman Fund as a co-funder.",
            "Keep the ask at $120,000 over two years.",
        ),
    ),
    Task(
        domain="grants",
        ask="Prepare the subaward agreement with the Eastside Youth League for $24,000 under our Brightwater grant.",
        nicks=(
            "the Eastside subaward",
            "the subaward agreement",
            "the Eastside Youth League agreement",
        ),
        do="prepare the $24,000 subaward agreement with the Eastside Youth League",
        ctx="The Eastside Youth League is due to start delivering its part of the Brightwater programme next month and has no subaward agreement in place.",
        q="Could you draw up the subaward for the Eastside Youth League?",
        detail="the $24,000 agreement with the youth league",
        owner="Ms. Okafor",
        replies=(
            "Include the standard termination-for-convenience clause with 30 days' notice.",
            "Reporting should be quarterly, with the first report due on 15 October.",
            "Their UEI is KJ7ZL3M9Q2P1.",
            "Payment is on a reimbursement basis, not in advance.",
            "If they stop delivering, we need a clawback provision. Please include one.",
        ),
    ),
    Task(
        domain="grants",
        ask="Reconcile the restricted funds ledger for the Brightwater Fund grant BW-2291 against the general ledger as of 30 June.",
        nicks=(
            "the BW-2291 reconciliation",
            "the Brightwater reconciliation",
            "the restricted funds ledger",
        ),
        do="reconcile the Brightwater BW-2291 restricted funds ledger against the general ledger as of 30 June",
        ctx="The auditors have asked for the restricted funds schedule for Brightwater grant BW-2291, and the ledger has not been reconciled since March.",
        q="Could the Brightwater restricted ledger be reconciled to the GL before the auditors arrive?",
        detail="the ledger for grant BW-2291",
        owner="Mr. Haddad",
        replies=(
            "Expenses posted after the 30 June end date should be backed out.",
            "The $1,240 variance is the reversed payroll entry from April.",
            "Show the reconciling items on a separate tab.",
            "Was the cancelled cheque to Greenleaf Printing ever re-issued?",
            "Please do not adjust the general ledger itself; simply document the differences.",
        ),
    ),
    Task(
        domain="grants",
        ask="Draft a no-cost extension request to the Marlow Family Foundation moving the grant end date from 31 August to 28 February.",
        nicks=("the Marlow extension request", "the no-cost extension", "the Marlow letter"),
        do="draft the no-cost extension request to the Marlow Family Foundation",
        ctx="We will not spend the Marlow Family Foundation grant by its 31 August end date, and their policy requires an extension request 60 days in advance.",
        q="Could a no-cost extension request go to the Marlow Foundation?",
        detail="the request to push the end date to 28 February",
        owner="Ms. Fairbairn",
        replies=(
            "Explain that delivery was paused for six weeks during the flood; that is the basis for the extension.",
            "The unspent balance is $18,900.",
            "Attach the revised timeline as Appendix A.",
            "The programme will resume full delivery in September; please say so.",
            "Please do not request additional funds. It is a no-cost extension only.",
        ),
    ),
    # ------------------------------------------------------------- registrar
    Task(
        domain="registrar",
        ask="Process the late drop request for Priya Raman (ID 20481137) from CHEM 201 and draft the decision letter.",
        nicks=("the Raman late drop", "the CHEM 201 drop request", "Priya Raman's petition"),
        do="process Priya Raman's late drop from CHEM 201 and draft the decision letter",
        ctx="Priya Raman (ID 20481137) has petitioned to drop CHEM 201 after the deadline on medical grounds, with documentation attached.",
        q="Could the late drop petition from Priya Raman be processed and a letter prepared?",
        detail="the CHEM 201 petition with the medical note",
        owner="Mr. Sato",
        replies=(
            "The drop should be backdated to 2 October, the date of the medical note.",
            "No W is to appear on the transcript; it is a full drop.",
            "Her tuition refund is a matter for Student Accounts, so please do not promise one.",
            "The Academic Standards Committee approved it on 14 October.",
            "Should the letter go to her university email or to her home address?",
        ),
    ),
    Task(
        domain="registrar",
        ask="Run the degree audit for the 34 spring graduation candidates in the BA History programme and flag any deficiencies.",
        nicks=("the History degree audit", "the spring graduation audit", "the BA History audit"),
        do="run the degree audit for the 34 BA History spring graduation candidates",
        ctx="The History department has submitted 34 spring graduation candidates and none of them has been audited yet.",
        q="Could the 34 History graduation candidates be audited this week?",
        detail="the audit of the 34 History candidates",
        owner="Ms. Lindgren",
        replies=(
            "Students with a financial hold should still be audited, just flagged.",
            "HIST 399 counts towards the capstone requirement.",
            "Transfer credit from Ashford College is accepted as elective credit only.",
            "Please list deficiencies by student ID, not by name.",
            "Two candidates have switched to the BA in Politics; remove them from the list.",
        ),
    ),
    Task(
        domain="registrar",
        ask="Draft the 2025-26 academic calendar with the autumn break moved to the week of 13 October.",
        nicks=("the 2025-26 calendar", "the academic calendar", "next year's calendar"),
        do="draft the 2025-26 academic calendar with the autumn break in the week of 13 October",
        ctx="Faculty Senate voted to move the autumn break to the week of 13 October, so the 2025-26 academic calendar has to be redrafted.",
        q="Could the 2025-26 calendar be redone around the new autumn break?",
        detail="the calendar with the October break",
        owner="Dr. Amadi",
        replies=(
            "Classes resume on 20 October after the break.",
            "The last day to drop without a W is the Friday of week four.",
            "Commencement is on Saturday 16 May.",
            "Classes stop on 12 December; examinations run from 15 to 19 December.",
            "The Thanksgiving recess runs from Wednesday to Sunday.",
        ),
    ),
    Task(
        domain="registrar",
        ask="Prepare an enrolment verification letter for Marcus Oyelaran for his student loan deferment.",
        nicks=(
            "the Oyelaran verification letter",
            "Marcus's enrolment letter",
            "the deferment letter",
        ),
        do="prepare the enrolment verification letter for Marcus Oyelaran's loan deferment",
        ctx="Marcus Oyelaran's lender needs proof of full-time enrolment by Friday or his loan deferment will lapse.",
        q="Could an enrolment verification letter for Marcus Oyelaran be issued?",
        detail="the letter for Marcus's lender",
        owner="Ms. Lindgren",
        replies=(
            "The lender needs the word 'deferment', not 'forbearance'.",
            "He is enrolled for 15 credit hours, which is full time.",
            "Anticipated graduation is May 2026.",
            "The lender's fax number is on the form, but send a PDF instead.",
            "He has a signed FERPA release on file.",
        ),
    ),
    Task(
        domain="registrar",
        ask="Process the readmission application for Tomasz Wierzbicki, who withdrew in spring 2022, for the autumn term.",
        nicks=("the Wierzbicki readmission", "Tomasz's readmission", "the readmission file"),
        do="process Tomasz Wierzbicki's readmission application for the autumn term",
        ctx="Tomasz Wierzbicki, who withdrew in spring 2022, has applied to return this autumn and his file is sitting unprocessed.",
        q="Could Tomasz Wierzbicki's readmission be processed in time for the autumn?",
        detail="the file for the student who withdrew in 2022",
        owner="Mr. Sato",
        replies=(
            "He is resuming his studies in the same major, so no change of programme is needed.",
            "His previous GPA was 2.84, above the 2.0 threshold.",
            "The library fine hold was cleared on 3 July.",
            "Please confirm whether his catalogue year stays 2019 or moves to the current one.",
            "His résumé is attached but is not required for readmission, so leave it out of the file.",
        ),
    ),
    # -------------------------------------------------------------- hospital
    Task(
        domain="hospital",
        ask="Prepare request for quotation RFQ-HP-0912 for 40 large-volume infusion pumps with a five-year service agreement.",
        nicks=("the infusion pump RFQ", "RFQ-HP-0912", "the pump quotation request"),
        do="prepare RFQ-HP-0912 for 40 large-volume infusion pumps with five years of service",
        ctx="Biomedical Engineering has condemned our remaining old infusion pumps and the Value Analysis Committee approved 40 replacements, but no RFQ has gone out.",
        q="Could an RFQ for the 40 replacement infusion pumps be prepared?",
        detail="the quotation request for the 40 pumps",
        owner="Mr. Mensah",
        replies=(
            "Specify that the pumps must stop automatically on air-in-line detection.",
            "The closing date for quotations is 2:00 p.m. on 30 September.",
            "Ask vendors to quote a trade-in credit for the old units.",
            "They must integrate with the Epic drug library.",
            "Please use Schedule B for pricing instead of a free-form table.",
        ),
    ),
    Task(
        domain="hospital",
        ask="Compare the three exam glove quotations from Medline, Cardinal and Halyard and prepare a recommendation for the Value Analysis Committee.",
        nicks=("the glove comparison", "the glove recommendation", "the exam glove evaluation"),
        do="compare the Medline, Cardinal and Halyard exam glove quotations and prepare a recommendation",
        ctx="The current exam glove contract expires at the end of next month, and quotations from Medline, Cardinal and Halyard are sitting in the procurement inbox.",
        q="Could you look at the three glove quotes and say which one we should recommend?",
        detail="the three-way glove quote analysis",
        owner="Ms. Bauer",
        replies=(
            "If we switch vendors, please note the 60-day transition period in the recommendation.",
            "Annual volume is 2.4 million gloves.",
            "Halyard's quote excludes freight; add 4 per cent.",
            "Infection Control prefers accelerator-free nitrile.",
            "Why is Cardinal's unit price higher than last year's?",
        ),
    ),
    Task(
        domain="hospital",
        ask="Draft the notice to all wards about the manufacturer's recall of saline flush syringes, lot 22B7.",
        nicks=("the saline flush recall notice", "the lot 22B7 notice", "the recall notice"),
        do="draft the ward notice on the recall of saline flush syringes, lot 22B7",
        ctx="The manufacturer has recalled saline flush syringes from lot 22B7, and we hold stock of that lot on at least six wards.",
        q="Could a notice go out to the wards about the 22B7 saline flush recall?",
        detail="the notice about lot 22B7",
        owner="Ms. Nakamura",
        replies=(
            "Wards must stop using the lot immediately. Put that in bold at the top.",
            "Quarantine bins are in each clean utility room.",
            "Replacement stock from lot 23C1 arrives on Thursday.",
            "Mention that the standing order for that lot has already been cancelled.",
            "Copy the Director of Nursing.",
        ),
    ),
    Task(
        domain="hospital",
        ask="Reconcile Stryker invoice INV-88213 against purchase order PO-55120; the totals differ by $3,412.",
        nicks=("the Stryker invoice", "the PO-55120 discrepancy", "INV-88213"),
        do="reconcile Stryker invoice INV-88213 against PO-55120",
        ctx="Accounts Payable has flagged Stryker invoice INV-88213, which is $3,412 higher than purchase order PO-55120.",
        q="Could you find out why the Stryker invoice does not match PO-55120?",
        detail="the $3,412 difference with Stryker",
        owner="Accounts Payable",
        replies=(
            "The invoice stays on hold in the AP system until the credit memo arrives.",
            "The difference looks like the two back-ordered drill batteries being billed early.",
            "Freight was meant to be prepaid and added.",
            "The Stryker representative is Dana Colville; she can confirm.",
            "Is the price on line 3 the contracted GPO price?",
        ),
    ),
    Task(
        domain="hospital",
        ask="Prepare the capital equipment justification for the replacement MRI knee coil ($186,000) for the Finance Committee.",
        nicks=(
            "the MRI coil justification",
            "the capital request for the knee coil",
            "the coil business case",
        ),
        do="prepare the capital justification for the $186,000 replacement MRI knee coil",
        ctx="Radiology's MRI knee coil failed again last week, and the $186,000 replacement needs a capital justification before the Finance Committee.",
        q="Could a capital justification for the replacement MRI knee coil be drafted?",
        detail="the $186,000 business case",
        owner="Mr. Greer",
        replies=(
            "Downtime cost us 41 cancelled scans last quarter; please use that figure.",
            "Depreciation is over seven years.",
            "The vendor quotation is valid until 31 October.",
            "Please add a comparison with leasing instead of purchasing.",
            "Who signs off the clinical need section?",
        ),
    ),
    # ----------------------------------------------------------------- court
    Task(
        domain="court",
        ask="Prepare Judge Abernathy's civil motions calendar for the week of 9 September.",
        nicks=("the Abernathy calendar", "the civil motions calendar", "the 9 September calendar"),
        do="prepare Judge Abernathy's civil motions calendar for the week of 9 September",
        ctx="Judge Abernathy's chambers have asked for the civil motions calendar for the week of 9 September, and it has not been set.",
        q="Could Judge Abernathy's motions calendar for the week of the 9th be put together?",
        detail="the judge's calendar for the week of the 9th",
        owner="Ms. Ridley",
        replies=(
            "Case 24-CV-1187 has been stayed; list it as 'stayed' rather than removing it.",
            "The Harlow motion to compel moves to Thursday afternoon.",
            "Tentative rulings post at 3:00 p.m. the day before; note that at the top.",
            "Please switch the order so that the demurrers come before the motions to compel.",
            "How many matters are there on Tuesday?",
        ),
    ),
    Task(
        domain="court",
        ask="Issue the notice of hearing in State v. Ruiz, 24-CR-0311, setting the suppression hearing for 3 October at 9:00 a.m. in Department 12.",
        nicks=("the Ruiz notice", "the notice of hearing in Ruiz", "the 24-CR-0311 notice"),
        do="issue the notice of hearing in State v. Ruiz, 24-CR-0311, for 3 October at 9:00 a.m.",
        ctx="The suppression hearing in State v. Ruiz (24-CR-0311) has been set for 3 October at 9:00 a.m. in Department 12, and no notice has gone to the parties.",
        q="Could the notice of hearing go out in State v. Ruiz?",
        detail="the notice for the 3 October suppression hearing",
        owner="Mr. Pike",
        replies=(
            "The defence has moved for a continuance; the notice should issue regardless until that motion is ruled on.",
            "Serve the Public Defender's office electronically.",
            "Department 12, not 14.",
            "The request for a Spanish interpreter should be noted.",
            "Does the notice need the judge's signature or mine?",
        ),
    ),
    Task(
        domain="court",
        ask="Draft the reminder letters for jury panel 17, reporting on 21 October.",
        nicks=("the panel 17 mailing", "the juror reminder mailing", "the jury reminder batch"),
        do="draft the reminder letters for jury panel 17 reporting on 21 October",
        ctx="Jury panel 17 reports on 21 October and no reminder letters have been sent; last time a third of the panel failed to appear.",
        q="Could reminder letters be prepared for panel 17?",
        detail="the mailing for the 21 October panel",
        owner="the Jury Services supervisor",
        replies=(
            "Include the deferral procedure: a juror may defer once, for up to six months.",
            "Parking validation is at the Third Street garage.",
            "Jurors who have already been excused should not receive the letter.",
            "Add that failure to appear may result in a fine of up to $1,500.",
            "The letters are not to be mailed until Monday, when the panel list is final. Please carry on drafting.",
        ),
    ),
    Task(
        domain="court",
        ask="Process the expungement order for Delia Haskins, case 19-CR-2240, and prepare the sealing notices to the agencies.",
        nicks=("the Haskins expungement", "the Haskins sealing job", "the 19-CR-2240 order"),
        do="process the Haskins expungement order in 19-CR-2240 and prepare the sealing notices",
        ctx="The judge signed the expungement order for Delia Haskins in 19-CR-2240 yesterday, and the agencies have not been notified.",
        q="Could the sealing notices for the Haskins expungement be prepared?",
        detail="the sealing paperwork for Ms. Haskins",
        owner="Mr. Pike",
        replies=(
            "Once sealed, access should stop for all agencies except the Attorney General's office.",
            "Notices go to the State Police, the Sheriff and the District Attorney.",
            "Her date of birth is 4 February 1988.",
            "Please do not include the underlying charge in the notice header.",
            "The order was signed on 11 September.",
        ),
    ),
    Task(
        domain="court",
        ask="Review the six pending fee waiver applications in small claims and flag any that are incomplete.",
        nicks=("the fee waiver review", "the small claims waiver review", "the fee waiver batch"),
        do="review the six pending small claims fee waiver applications and flag the incomplete ones",
        ctx="Six fee waiver applications have been pending in small claims for over a week, and filers are calling the counter.",
        q="Could someone go through the pending small claims fee waivers?",
        detail="the batch of six waiver applications",
        owner="Ms. Quintero",
        replies=(
            "Application 3 was withdrawn by the filer; drop it from the list.",
            "The income threshold is 125 per cent of the poverty guidelines.",
            "SNAP recipients qualify automatically.",
            "Incomplete means no signature or no income information.",
            "How many of the six are complete?",
        ),
    ),
)


# --------------------------------------------------------------------- slots

_GREETINGS = (
    "",
    "",
    "",
    "",
    "Good morning,\n\n",
    "Good afternoon,\n\n",
    "Dear colleague,\n\n",
    "Hello,\n\n",
    "Hi,\n\n",
    "Thank you for your message. ",
    "Further to my earlier email:\n\n",
    "Good morning. ",
)
_SIGNOFFS = (
    "",
    "",
    "",
    "\n\nRegards,\n{signer}",
    "\n\nThank you,\n{signer}",
    "\n\nKind regards,\n{signer}",
    "\n\n{signer}",
    "\n\nMany thanks.",
)
_ANSWERS = (
    "To answer your question: yes, the current letterhead should be used.",
    "In response to your query, amounts should be shown in whole dollars.",
    "Regarding your question about the date format, please use day, month, year.",
    "Yes, the draft may be shared internally.",
    "The answer to your earlier question is no; the signatory remains the same.",
    "You asked about the file naming convention: use the office standard, date first.",
    "Re your question, British spelling is acceptable.",
    "Correct, that figure has been confirmed by Finance.",
    "On your query about the recipients, the distribution list is unchanged.",
    "Yes, please use the reference number from the original correspondence.",
)
_EVENTS = (
    "The Board meeting has been brought forward to Thursday.",
    "We have just received notice of an external audit.",
    "The Director has returned from the budget hearing with new instructions.",
    "Legal counsel telephoned this morning.",
    "An urgent request has come down from the Deputy's office.",
    "The fiscal year closes on Friday and Finance is chasing us.",
    "There has been a water leak in the records room and half the office has been relocated.",
    "Following this morning's senior staff meeting, priorities have been revised.",
    "Two members of the team are off sick this week.",
    "The inspectors arrive on Monday.",
)
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
_DEADLINES = (
    "close of business today",
    "noon tomorrow",
    "Thursday",
    "the end of the week",
    "Monday morning",
    "the 15th",
    "Wednesday at the latest",
)
_NEXT_CYCLES = (
    "next budget cycle",
    "spring term",
    "next academic year",
    "next council session",
    "new financial year",
)
_DATE_PAIRS = (
    ("14 March", "4 March"),
    ("the 21st", "the 12th"),
    ("3 October", "3 September"),
    ("Tuesday 10 September", "Tuesday 9 September"),
    ("30 June", "31 June"),
)
_YEARS = ("2025", "2024-25", "current")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


def _clean(text: str) -> str:
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.split("\n")]
    out = "\n".join(lines)
    out = re.sub(r"\n{3,}", "\n\n", out)
    return out.strip()


def _partner(rng: random.Random, task: Task) -> Task:
    pool = [t for t in _TASKS if t.domain == task.domain and t is not task]
    return rng.choice(pool)


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    dom = _DOMAINS[cur.domain]
    signer = rng.choice(dom.signers)
    nick = rng.choice(cur.nicks)
    o_nick = rng.choice(other.nicks)
    date, date2 = rng.choice(_DATE_PAIRS)
    slots = {
        "g": rng.choice(_GREETINGS),
        "sig": rng.choice(_SIGNOFFS).format(signer=signer),
        "ans": rng.choice(_ANSWERS),
        "event": rng.choice(_EVENTS),
        "day": rng.choice(_DAYS),
        "deadline": rng.choice(_DEADLINES),
        "next_cycle": rng.choice(_NEXT_CYCLES),
        "date": date,
        "date2": date2,
        "year": rng.choice(_YEARS),
        "boss": rng.choice(dom.bosses),
        "board": rng.choice(dom.boards),
        "office": dom.office,
        # the task in force
        "nick": nick,
        "Nick": _cap(nick),
        "do": cur.do,
        "Do": _cap(cur.do),
        "ctx": cur.ctx,
        "q": cur.q,
        "detail": cur.detail,
        "owner": cur.owner,
        "Owner": _cap(cur.owner),
        # the other task: the new one for a switch, the parked one for a resume or a reply
        "n_nick": o_nick,
        "N_nick": _cap(o_nick),
        "n_do": other.do,
        "N_do": _cap(other.do),
        "n_ctx": other.ctx,
        "n_q": other.q,
        "o_nick": o_nick,
        "O_nick": _cap(o_nick),
        "o_detail": other.detail,
        "O_detail": _cap(other.detail),
        "o_owner": other.owner,
        "O_owner": _cap(other.owner),
    }
    return slots


# ----------------------------------------------------------------- templates
# {nick}/{do}/{ctx}/{q}/{owner}: the task in force. {n_*}: the new task (switch).
# {o_*}: the earlier parked task (resume), or another task mentioned in passing (reply).

_SWITCH: tuple[str, ...] = (
    "{g}Please be advised that work on {nick} is suspended pending further review. In the interim, kindly {n_do}.{sig}",
    "{ans} On a separate note, the {boss} has asked that {nick} be set aside for now, as {n_nick} has become the priority. {N_do}, if you would.{sig}",
    "{event} {Nick} will have to wait. It would be appreciated if you could {n_do} before {deadline}.{sig}",
    "MEMORANDUM\n\nTo: Administrative Assistant\nFrom: {office}\nRe: Revised priorities\n\n1. Work on {nick} is to be placed on hold effective immediately.\n2. Please {n_do}.\n3. A revised timeline for the held item will be communicated in due course.{sig}",
    "Subject: {N_nick}\n\n{g}{n_ctx} I would be grateful if this could be dealt with ahead of {nick}.{sig}",
    "{g}{n_ctx} {n_q} This needs to be dealt with today, ahead of everything else.{sig}",
    "{g}Thank you for the progress on {nick}. Unfortunately the {board} has determined that it will not proceed this cycle. What is needed now is the following: {n_do}.{sig}",
    "{g}{Owner} will take {nick} from here. I need you on {n_nick}; please {n_do}.{sig}",
    "leave {nick} for now. {n_do} pls",
    "{g}{N_nick} first, today please. {Nick} can follow next week.{sig}",
    "{g}I have just come out of a meeting with the {boss}. It has been decided that {nick} is no longer required in its current form, and we have been asked to {n_do}. Could you make a start on that?{sig}",
    "Regarding {nick}: noted, thank you. Pending a decision from the {boss}, nothing further is needed on it. Meanwhile, a separate matter. {n_q}{sig}",
    "{g}Effective immediately, {n_nick} takes precedence over all other work, including {nick}. Kindly {n_do} and let me know once a draft is available.{sig}",
    'Forwarded decision of the {board}:\n\n"The {board} has determined that {nick} shall be deferred to a future meeting."\n\nIn light of the above, please turn your attention to {n_nick}: {n_do}.{sig}',
    "{g}Sorry to redirect you mid-stream. {n_ctx} Could you look into it? The other item can sit until I am back.{sig}",
    "{ans}\n\nAlso, scrap {nick}; we are going in another direction. {N_do}.{sig}",
    "Stop work on {nick}, please, and {n_do} instead.",
    "{g}Let's switch: {n_do}. {Nick} can be picked up later.{sig}",
    "{Nick} is cancelled. New assignment: {n_do}.",
    "{g}I know you are in the middle of {nick}, but something has come up. {n_ctx} {n_q}{sig}",
    "{g}Change of plan. {N_do}. We will revisit {nick} once the {boss} has had a chance to weigh in.{sig}",
    "Re: {Nick}\n\n{g}Thank you for the draft so far. Please hold it there. The {boss} has asked for something more pressing: {n_do}. It would be appreciated if this could be ready by {deadline}.{sig}",
    "{g}Unless I hear otherwise from the {boss}, {nick} is on ice. Could you {n_do} in the meantime?{sig}",
    "Please note the following change to your assignment. {Nick} has been reassigned to {owner}. You are asked to {n_do}.{sig}",
    "{g}I have read through what you have so far and, to be candid, I do not think {nick} is going anywhere this term. Let us put our energy into {n_nick} instead: {n_do}.{sig}",
    "{g}{n_q} I realise this means setting {nick} aside, which is fine.{sig}",
    "{g}A quick one before you carry on. Actually, don't carry on. {N_do}. {Nick} is not going to make the deadline anyway.{sig}",
    "{g}Per my conversation with the {boss}: (a) {nick} is withdrawn from this week's work plan; (b) please {n_do}; (c) keep me copied on both.{sig}",
    "{event} Accordingly, {nick} is deferred. {n_q}{sig}",
    "{g}The deadline for {nick} has been extended to next month, so there is no urgency there. Could you use the time to {n_do}?{sig}",
    "{g}You can drop what you are doing. {n_ctx} Please advise on next steps and draft whatever is needed.{sig}",
    "hold {nick}. need {n_nick} done first - {n_do}. thx",
    "{g}Having reviewed the workload, the office will no longer be pursuing {nick}. I would ask that you {n_do} as your next priority.{sig}",
    "{g}{ans} One more thing: the {boss} needs {n_nick} before anything else, so please {n_do} now and leave {nick} where it is.{sig}",
    "{g}Please park {nick}. {n_ctx} That needs to be handled first.{sig}",
    "{g}Set {nick} to one side; it has been overtaken by events. {n_ctx} {n_q}{sig}",
    "{g}We have been asked by the {board} to {n_do}. Given the timing, {nick} will need to wait until that is done.{sig}",
    "{g}It would be appreciated if you could {n_do}. For clarity, this replaces {nick} as your current assignment.{sig}",
    "{g}Thank you. I will take {nick} over myself from here. In the meantime, {n_do}.{sig}",
    "{g}{Nick}: no further action pending the outcome of the review. {N_nick}: please {n_do}.{sig}",
    "Apologies for the back-and-forth. The {boss} has now decided against {nick} entirely. {n_q}{sig}",
    "{n_ctx} Can you deal with that instead of {nick}?",
    "Quick change. {N_do}. The current piece can wait.",
    "{g}Following this morning's meeting, the consensus was that {nick} should not go ahead. What we do need, and fairly urgently, is for someone to {n_do}. Would you take that on?{sig}",
    "{g}Before you go any further with {nick}: please don't. {n_ctx} I would like you to look at that first.{sig}",
    "{g}I have spoken to {owner}, who has kindly agreed to finish {nick}. That frees you up to {n_do}.{sig}",
    "{g}I hope this finds you well.\n\n{ans}\n\nI wanted to let you know that, following a discussion at the {board} on {day}, the decision was taken to pause {nick} until the {next_cycle}. I appreciate the work that has gone into it, and none of it will be lost.\n\nIn the meantime there is a pressing matter. {n_ctx} I would be grateful if you could {n_do} and let me have a draft by {deadline}.{sig}",
    "Subject: {N_nick}\n\n{g}{n_q} I am aware {nick} is half finished; that will keep.{sig}",
    "re {nick} - forget it for now. {n_do}, by {deadline}.",
    "{g}{Nick} is moot; the {boss} has withdrawn the request. {n_q}{sig}",
    "{g}Good news and bad news. The bad news is that {nick} has been shelved. The good news is that you can move straight on to {n_nick}: {n_do}.{sig}",
    "{g}Can we pivot to {n_nick}? {N_do}. {Nick} is not time-sensitive.{sig}",
    "{g}Pending further review by the {board}, please refrain from further work on {nick}. {n_ctx} A response should be prepared.{sig}",
    "The {boss} called. {N_nick} now, everything else later. {N_do}.{sig}",
    "{g}Let me take {nick} off your plate. {n_q}{sig}",
    "{g}Regarding your message, yes, that is right. Having said that, I think we should stop {nick} here and {n_do}.{sig}",
    "{g}I'm afraid {nick} is dead in the water; {owner} confirmed it this morning. Next: {n_do}.{sig}",
    "{g}In answer to your question, no. In fact, please leave {nick}. {n_ctx} {n_q}{sig}",
    "{g}{event} I will need you to {n_do}. Whatever is done on {nick} can stay as it is for now.{sig}",
    "Dear Assistant,\n\nThe {boss} has reviewed the office's commitments for the coming fortnight and has asked me to pass on the following.\n\n{Nick} is to be deferred to the {next_cycle}; no further drafting is required at this stage. Instead, the office has been asked to {n_do}, which the {board} will consider at its next meeting.\n\nI would be grateful for an initial draft by {deadline}.{sig}",
)

_STOP: tuple[str, ...] = (
    "{g}Please be advised that {nick} has been withdrawn. No further work is required.{sig}",
    "{g}The {board} has determined that {nick} will not proceed at this time. Thank you for your efforts to date.{sig}",
    "Re: {Nick}\n\n{g}Pending further review, kindly hold off on this. I will revert once a decision has been made.{sig}",
    "{g}{Owner} will be handling {nick} from here on. You may leave it as it stands.{sig}",
    "leave it.",
    "{g}{ans} Apart from that, let us not go any further with {nick} for now.{sig}",
    "{g}It would be appreciated if {nick} could be set aside until the {next_cycle}.{sig}",
    "{g}Effective immediately, all work on {nick} is suspended.{sig}",
    "{event} I'm afraid {nick} will have to wait; please put it to one side.{sig}",
    "{g}Honestly, I don't think we are going to get {nick} over the line this year. Let's call it a day on it.{sig}",
    "{g}Thank you for the draft. On reflection, the {boss} would prefer to handle {nick} personally, so nothing more is needed from you on it.{sig}",
    "MEMORANDUM\n\nTo: Administrative Assistant\nFrom: {office}\nRe: {Nick}\n\n1. The above item has been deferred by the {board}.\n2. No further drafting is required.\n3. Existing drafts are to be retained on file.{sig}",
    "Scratch {nick}.",
    "{g}Please cancel {nick}.{sig}",
    "Stop there, please.",
    "{g}We will revisit {nick} after the {board} meets next month. Nothing more for now.{sig}",
    "{g}Please do not spend any more time on {nick}; the request has been withdrawn.{sig}",
    "{g}As of this morning, {nick} is no longer our responsibility. It has passed to {owner}.{sig}",
    "{g}Let's put a pin in {nick}.{sig}",
    "That can wait until after the holidays.",
    "{g}{Nick}: on hold until further notice.{sig}",
    "{g}I have been informed that {nick} is being handled by the {boss}'s office, so we can stand down.{sig}",
    "{g}Having considered the matter further, I would rather we did not proceed with {nick}. Thank you all the same.{sig}",
    "{ans}\n\nAlso, please be advised that {nick} is on hold pending legal review. I will let you know if and when it can continue.{sig}",
    "no need to continue with {nick}. thx",
    "{g}We have been overtaken by events on {nick}. Let's leave it there.{sig}",
    "{g}The {boss} has asked that {nick} be paused while the budget is finalised.{sig}",
    "{g}I have had a word with {owner}, who will finish {nick}. Thank you for getting it this far.{sig}",
    "Subject: {Nick} - deferred\n\n{g}This item has been deferred to the {next_cycle}. Please take no further action.{sig}",
    '{g}Forwarded from the {boss}:\n\n"Please ask the team to stand down on {nick}. We will not be proceeding."{sig}',
    "Enough on that one for today.",
    "{g}Thank you. That is as far as {nick} needs to go for now; the rest will be decided by the {board}.{sig}",
    "{g}I think we will leave {nick} with {owner} after all.{sig}",
    "{g}Upon review, the {board} has concluded that {nick} falls outside the office's remit. Accordingly, the matter is closed.{sig}",
    "{g}Sorry, I should have said earlier: the {boss} withdrew {nick} on {day}. You can let it go.{sig}",
    "{g}Kindly treat {nick} as deferred.{sig}",
    "hold off pls",
    "{g}We're pulling {nick}. Long story; I will explain at the staff meeting.{sig}",
    "{g}I am going to close {nick} out as it is. Thanks for your help with it.{sig}",
    "{g}{event} For that reason {nick} is on the back burner until further notice.{sig}",
    "{g}Thank you for your work on {nick} so far, and for the questions you raised on {day}.\n\nHaving discussed it with the {boss}, we have concluded that it would be premature to finalise this before the {board} has settled its position. I would therefore ask that the work be paused at this point. The material you have produced will be kept on file.\n\nI will be in touch when there is a decision.{sig}",
    "{g}Not worth pursuing {nick}, I'm afraid. Let it drop.{sig}",
    "{g}Please pause here.{sig}",
    "{g}{Nick} is being taken over by {owner}'s team. Please hand over whatever you have and stand down.{sig}",
    "{g}Regrettably, the funding behind {nick} has not been approved, so there is nothing further to do on it.{sig}",
    "{g}{ans} As for {nick}, the {boss} would like it to sit until the {next_cycle}.{sig}",
)

_RESUME: tuple[str, ...] = (
    "{g}Thank you for {nick}. Please now return to {o_nick}.{sig}",
    "{g}With {nick} now with {owner} for signature, the matter set aside on {day} may be taken up again.{sig}",
    "Re: {O_nick}\n\n{g}The hold has been lifted. Kindly proceed from where you left off.{sig}",
    "{g}The {board} has now given the go-ahead, so {o_nick} can continue.{sig}",
    "OK, that's done. Now the other thing.",
    "{g}Good. Where were we with {o_detail}? Let's finish it.{sig}",
    "{g}The {boss} has reconsidered: {o_nick} is back on.{sig}",
    "back to {o_nick} pls",
    "{ans} Right, that takes care of {nick}. Could you pick up what we parked on {day}?{sig}",
    "{g}{O_owner} is unable to take {o_nick} after all, so it is back with us. Please carry on with it.{sig}",
    "{g}Now that {nick} is out of the way, I would be grateful if you could revisit {o_detail}.{sig}",
    "{g}Please be advised that the review of {o_nick} has concluded and work may recommence.{sig}",
    "{g}Thanks. And the earlier one: can we get it finished today?{sig}",
    "{g}Let's pick {o_nick} back up where we left it.{sig}",
    "MEMORANDUM\n\nTo: Administrative Assistant\nFrom: {office}\nRe: {O_nick}\n\n1. The hold placed on the above item has been lifted by the {board}.\n2. Please complete it using the draft already on file.\n3. {Nick} requires no further action.{sig}",
    "{g}Remember {o_detail}? We have the green light on it now.{sig}",
    "{g}Perfect, {nick} can go. What about the thing we put aside before it? Let's get that done too.{sig}",
    "{g}As promised, we can now return to {o_nick}. The {boss} would like it by {deadline}.{sig}",
    "Resume {o_nick}, please.",
    "{g}{Nick} is filed. The one before it, please.{sig}",
    "{g}I gather the question on {o_detail} has been resolved. Do carry on with it.{sig}",
    "{g}Thank you for handling {nick} so promptly. If you could now go back to {o_nick}, that would be much appreciated.{sig}",
    "{g}The {board} met last night and the item we held back is approved to proceed. Over to you.{sig}",
    "{g}Could we get back to where we were before {nick} came up?{sig}",
    "{g}Can we finish what we started on {day}?{sig}",
    "ok now {o_detail}",
    "{g}That's the urgent one sorted. Let us return to our regular programming: {o_nick}.{sig}",
    "{g}The legal review of {o_nick} came back clean, so please continue with it.{sig}",
    "{g}Thank you for turning {nick} around so quickly; it has gone to the {boss} and I do not expect any changes.\n\n{ans}\n\nI would now like to return to {o_nick}, which we set aside on {day}. The reasons for holding it no longer apply, and the {board} would like to see a final version by {deadline}. Please work from the draft you had already prepared.{sig}",
    "{g}Please reinstate {o_nick} on your work plan and carry on from the last draft.{sig}",
    "{g}Ah, {o_detail}. We should finish that. Please go ahead.{sig}",
    "Subject: {O_nick} - reactivated\n\n{g}This item is reactivated effective today. Please proceed from the last version.{sig}",
    "{g}The thing we parked: it's a go.{sig}",
    "{g}{Nick} is signed and sent. I would like to get {o_nick} off our desks next, as originally planned.{sig}",
    "{g}Coming back to {o_detail}: the {boss} has cleared it, so please pick it up again.{sig}",
    "{g}Back to the previous item, please.{sig}",
    "{g}Now, where did we get to with {o_nick}? Please carry on from there.{sig}",
    "{g}So: {o_nick}. Let's see it through.{sig}",
    "{g}Please be advised that the suspension of work on {o_nick} is lifted with immediate effect. Kindly proceed.{sig}",
    "{g}Good, {nick} is done. The {boss} has been asking after {o_detail}; shall we get it finished? Please take it from where you stopped.{sig}",
    "{g}{event} That means we have a window to complete what was left on hold earlier in the week. Please carry on with it.{sig}",
    'Forwarded decision of the {board}:\n\n"The {board} has determined that {o_nick} may now proceed."\n\nPlease act accordingly, working from where it was left.{sig}',
)

_REPLY: tuple[str, ...] = (
    # plain
    "{g}Thank you. Please proceed.{sig}",
    "{ans}{sig}",
    "{g}What is the current status of {nick}?{sig}",
    "{g}The {boss} has reviewed the draft of {nick} and has no objections. Please finalise.{sig}",
    "{g}It would be appreciated if a draft of {nick} could be circulated by {deadline}.{sig}",
    "Looks fine. Carry on.",
    "{g}Could you please use the office letterhead for {nick}?{sig}",
    "{g}Kindly copy {owner} on the final version.{sig}",
    "approved",
    "{g}Small correction: the date should read {date}, not {date2}.{sig}",
    "{g}How much longer do you expect {nick} to take?{sig}",
    "{g}Please ensure the tone is formal throughout, as this will form part of the public record.{sig}",
    "{g}{ans} Otherwise, please continue as you were.{sig}",
    "Yes.",
    "{g}Please keep the document to a single page if at all possible.{sig}",
    "{g}I have attached last year's version for reference. Follow its structure where sensible.{sig}",
    "Re: {Nick}\n\n{g}The numbering in section 2 is off; points 3 and 4 are duplicated. Please correct.{sig}",
    "{g}Can you show me what you have so far on {nick}?{sig}",
    "Good progress. Thx.",
    "{g}Please spell out all acronyms on first use.{sig}",
    "{g}The deadline for {nick} is {deadline}. Please plan accordingly.{sig}",
    "{g}{Owner} has some input on {nick}; please incorporate those comments when they arrive.{sig}",
    "{g}Is there anything you need from me to finish {nick}?{sig}",
    "{g}The {boss} prefers plain English, so please use the passive voice sparingly.{sig}",
    "{g}Thank you for the draft of {nick}, which I have now read in full.\n\nOverall it is in good shape. A few points:\n\n1. The opening paragraph should state the purpose in one sentence.\n2. Dates should follow the format used elsewhere in our correspondence.\n3. Please remove the informal phrasing in the final paragraph.\n\nWith those changes I expect it can go to the {boss} for sign-off.{sig}",
    "{g}{Owner} asked whether {nick} will be ready by {deadline}. Is that realistic?{sig}",
    "fine, go ahead",
    "{g}Please make sure the final version of {nick} is saved to the shared drive under the correct year.{sig}",
    "{g}Please add a signature block for the {boss}.{sig}",
    "{g}Let me know when {nick} is ready for review.{sig}",
    "{g}You may assume the figures in the latest spreadsheet are correct.{sig}",
    "{g}Keep going; this is exactly what was needed.{sig}",
    # look-alikes
    "{g}Please do not stop at the outline; the {boss} needs a full draft of {nick}.{sig}",
    "{g}The {board} discussed shelving {nick} but has determined that it should proceed as planned. Please continue.{sig}",
    "{g}Cancel my last comment about the font; the original was correct. Otherwise carry on with {nick}.{sig}",
    "{g}Instead of the long form, please use the shorter template for {nick}.{sig}",
    "{g}I will be on leave from {day}. Please carry on with {nick} in my absence and send the final version to {owner}.{sig}",
    "{g}For my notes: what was left outstanding on {o_nick} when we put it aside? No need to pick it up; please stay on {nick}.{sig}",
    "{g}Don't stop to check every figure with me. Use your judgement and keep going.{sig}",
    "{g}Please go back over the second paragraph of {nick}; it reads awkwardly.{sig}",
    "{g}Is {o_nick} still on hold? Just checking. No action is needed on it; carry on with what you are doing.{sig}",
    "{g}Could you switch the order of the second and third sections?{sig}",
    "{g}Hold the date line for now; I will confirm it later. Everything else in {nick} can proceed.{sig}",
    "{g}There is no need to pause for my approval at each step. Please take {nick} through to a final draft.{sig}",
    "{g}Someone asked whether we should drop {nick}. The answer is no. Keep at it.{sig}",
    "{g}Later in the document, where it refers to the previous year, please update the figures.{sig}",
    "{g}If the {boss} asks, {nick} is not on hold. It is in progress and on schedule.{sig}",
    "{g}Resume from section 3; sections 1 and 2 are fine as they are.{sig}",
    "{g}I would rather you did not cancel anything already in {nick}; just add the new paragraph at the end.{sig}",
    "{g}Stop me if this is already covered, but does {nick} mention the statutory deadline?{sig}",
    "{g}We were going to hand {nick} to {owner}, but they are overloaded, so it stays with you. Please continue.{sig}",
    "{g}Please switch to the {year} template for {nick}; the old one carries the wrong logo.{sig}",
    "{g}When you get back to me with the draft, please include a short cover note.{sig}",
    "{g}The earlier instruction to defer the appendix still stands. Finish the main body of {nick} first.{sig}",
    "{g}Please drop the second appendix; it is surplus to requirements.{sig}",
    "{g}Instead of emailing it, we will print {nick} and send it by internal post. No other change.{sig}",
    "{g}Just to be clear, I am not asking you to stop. Please keep working on {nick}; I only wanted to flag that the {boss} will read it on {day}.{sig}",
    "{g}Park the formatting questions for the moment and concentrate on the substance of {nick}.{sig}",
    "{g}The item we parked last week, {o_nick}, remains parked. Today is about {nick} only.{sig}",
    "{g}I will come back to you on the wording of the last paragraph; carry on with the rest.{sig}",
    "{g}Pending further review of the final paragraph, please continue with the remainder of {nick}.{sig}",
    "{g}Back to your question about the signatory: it should be the {boss}.{sig}",
    "{g}Don't worry about the other matter; {o_owner} has it. Continue with {nick} as planned.{sig}",
    "{g}Effective immediately, all drafts, including {nick}, must carry the new footer. Please add it and continue.{sig}",
    "{g}No need to start over. Just revise the version of {nick} you already have.{sig}",
    "{g}The {boss} briefly considered handing {nick} to {owner} instead, but has decided to leave it with us. No change to your instructions.{sig}",
)

_SPECIFIC_WRAPS: tuple[str, ...] = (
    "{r}",
    "{r}",
    "{g}{r}{sig}",
    "Re: {Nick}\n\n{g}{r}{sig}",
    "On {nick}: {r}",
    "{ans} Also: {r}{sig}",
    "One more point on {nick}. {r}",
    "{g}A correction from the {boss}. {r}{sig}",
    "{r} Otherwise it looks fine.",
)


# ------------------------------------------------------------------ builders


def _case(kind: str, text: str, current: Task, stopped: Task | None = None) -> Case:
    return {
        "kind": kind,
        "text": _clean(text),
        "current_task": current.ask,
        "stopped_task": stopped.ask if stopped is not None else None,
    }


def _switch_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        new = _partner(rng, cur)
        return _case("switch", template.format(**_slots(rng, cur, new)), cur)

    return build


def _stop_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        return _case("stop", template.format(**_slots(rng, cur, _partner(rng, cur))), cur)

    return build


def _resume_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        old = _partner(rng, cur)
        return _case("resume", template.format(**_slots(rng, cur, old)), cur, old)

    return build


def _reply_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        return _case("reply", template.format(**_slots(rng, cur, _partner(rng, cur))), cur)

    return build


def _specific_reply(rng: random.Random) -> Case:
    cur = rng.choice(_TASKS)
    r = rng.choice(cur.replies)
    slots = _slots(rng, cur, _partner(rng, cur))
    slots["r"] = r
    wrap = rng.choice(_SPECIFIC_WRAPS)
    return _case("reply", wrap.format(**slots), cur)


def _builders() -> dict[str, list[Builder]]:
    replies: list[Builder] = [_reply_builder(t) for t in _REPLY]
    replies += [_specific_reply] * len(_REPLY)
    return {
        "switch": [_switch_builder(t) for t in _SWITCH],
        "stop": [_stop_builder(t) for t in _STOP],
        "resume": [_resume_builder(t) for t in _RESUME],
        "reply": replies,
    }


# -------------------------------------------------------------------- noise


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
    if r < 0.08 and len(text) < 90:
        return text.lower()
    if r < 0.17:
        return _typo(text, rng)
    if r < 0.22 and text.endswith("."):
        return text[:-1]
    if r < 0.26:
        return text + "\n\nSent from my iPhone"
    if r < 0.29 and len(text) < 160:
        return (
            text.replace("please", "pls")
            .replace("Please", "Pls")
            .replace("Thank you", "Thx")
            .replace("thank you", "thx")
        )
    return text


# ------------------------------------------------------------------ generate


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
