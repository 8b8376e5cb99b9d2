# ruff: noqa: E501
"""Held-out corpus ``o`` of a person's turns mid-task: switch, stop, resume or reply. Written blind.

Provenance (blind rules)
------------------------
Written from the side of the people who type these messages, without looking at packlight's
turn classifier or at any corpus built against it. Opened: the brief, and of
``benchmarks/_turns_corpus_d.py`` only lines 1-45 (docstring, ``KINDS``, ``PLAN``), its
``generate`` function and its ``__main__`` self-check, to copy the interface. (A ``grep`` for
top-level names in that file, run to locate ``generate``, also printed its other module-level
assignment lines; none of that wording is reused here.) NOT opened: anything under
``src/``, ``tests/`` or ``benchmarks/results/``, any other ``benchmarks/_turns_corpus_*.py``,
``bench_switch_e2e.py``, ``train_turn_model.py``, ``turns_model_loco.py``, ``bench_turns.py``,
or any other helper's file in ``/work/corpora_new/``. packlight was never run on this corpus
and nothing here was tuned against any classifier.

Interface
---------
``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
shuffled with ``random.Random(seed)``; the same seed gives the same list and different seeds
give different draws. Each case is a dict with ``kind``, ``text`` (the person's message),
``current_task`` (the task in force before the message, as the sentence the person first used
to ask for it) and ``stopped_task`` (for a resume, the earlier stopped task now taken up again,
as first asked; otherwise ``None``; for a resume ``current_task`` is the other task done in
between). No normalised text (lower-cased, punctuation folded to spaces) appears twice, so none
can appear under two kinds.

Authorship choices
------------------
- Register: corporate and professional email and chat from managers, lawyers, accountants,
  consultants, HR and procurement staff -- polite, hedged, indirect British and American
  business English, with greetings, sign-offs, forwarded blocks, bullet lists, subject lines,
  decisions relayed from others ("the partners have decided", "per the CFO") and reasons given
  at length. About a third of messages then get register noise: phone-typed lowercase, office
  abbreviations (pls, EOD, COP, FYI, mtg), a transposed or dropped letter, a dropped final full
  stop, a "Sent from my iPhone" footer.
- Domains: M&A due diligence, board papers, payroll and VAT reconciliation, tenders and RFPs,
  policy rewrites, internal audit and SOX testing, hiring and HR casework, contract and lease
  review, forecasting and cash, office moves, procurement strategy, investor relations,
  consulting proposals: 30 tasks, each with 3-5 nicknames the person uses for it, plus 12 ad hoc
  requests that only ever appear as the new ask of a switch.
- Switches drop or set aside the current task and ask for another in the same message; most
  avoid the words stop/instead/switch (they put things on ice, park, shelve, take off your
  plate, let sit, hand back, reprioritise). Stops halt, cancel or pause with nothing new asked.
  Resumes go back to a task paused earlier, often acknowledging the task done in between.
- Replies: answers to the agent's questions, extra details, corrections, add-on requests within
  the task, status questions, acknowledgements, and -- forced to at least 40% of replies -- hard
  look-alikes in which stop/cancel/pause/hold/halt/freeze/switch/back/return/instead/drop/kill
  are the subject matter of the task in force (a contract's termination clause, a pay freeze in
  a survey, leavers whose pay should have stopped), or process remarks that keep the task going
  ("no need to pause for my sign-off"), or news about some other matter that leaves the current
  task running. Look-alikes are written per task so that they fit the work in force.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN = (("switch", 180), ("stop", 120), ("resume", 120), ("reply", 180))

LOOKALIKE_SHARE = 0.4  # fraction of replies that are hard look-alikes


@dataclass(frozen=True)
class Task:
    key: str
    domain: str
    subj: str  # an email subject line for the matter
    first: str  # the sentence the person first used to ask for it
    ask: str  # imperative verb phrase used when it is asked for in a switch
    refs: tuple[str, ...]  # nicknames
    whys: tuple[str, ...]  # task-specific reasons for halting it (lower-case clauses)
    answers: tuple[str, ...]
    details: tuple[str, ...]
    corrections: tuple[str, ...]
    addons: tuple[str, ...]
    lookalikes: tuple[str, ...]


TASKS: tuple[Task, ...] = (
    Task(
        "dd_harrow",
        "M&A",
        "Project Harrow - diligence",
        "Could you prepare a due diligence summary on Harrow Logistics ahead of the acquisition, flagging the main legal and financial risks?",
        "prepare the due diligence summary on Harrow Logistics",
        (
            "the Harrow diligence",
            "the due diligence summary",
            "the DD on Harrow",
            "the Harrow Logistics work",
            "the diligence report",
        ),
        (
            "the seller has granted exclusivity to another bidder",
            "the deal team wants to re-run the valuation before anyone spends more time on it",
        ),
        (
            "The data room access came through this morning; please use the folders under 'Phase 2 - Legal'.",
            "Yes, include the Irish subsidiary, it sits within the deal perimeter.",
            "The materiality threshold is £250k; anything below that can go in the appendix.",
        ),
        (
            "The seller's advisers tell us the FY23 accounts were restated, so work from the restated set.",
            "Bear in mind the target has an employment tribunal pending in Doncaster.",
        ),
        (
            "The headline price is £42m, not £24m as I wrote earlier.",
            "The target's year end is 31 March, not 31 December.",
        ),
        (
            "Could you also add a one-page red-flag summary at the front for the partners?",
            "Please include a short table of the key customer contracts and their renewal dates as well.",
        ),
        (
            "Please flag every customer contract that lets the counterparty cancel on a change of control.",
            "Make a note that Harrow paused its pension contributions for six months in 2022; we will want to understand why.",
            "Can you check whether any of the warehouse leases can be terminated early or put on hold by the landlord?",
            "Under the IT heading, mention that they switched ERP systems mid-year and the migration was halted twice.",
            "Add that the founder is stepping back from the business after completion, and whether he is bound by a non-compete.",
        ),
    ),
    Task(
        "board_pack",
        "governance",
        "March Board - papers",
        "Please pull together the board pack for the March board meeting, including the CEO report and the finance update.",
        "pull together the board pack for the March meeting",
        (
            "the board pack",
            "the March pack",
            "the board deck",
            "the pack for the March board",
            "the board papers",
        ),
        (
            "the March meeting has been pushed back to April",
            "the Chair wants to restructure the agenda before anything else is drafted",
        ),
        (
            "The CEO report will come from Eleanor's office by Wednesday, so leave a placeholder for now.",
            "Yes, the risk register goes in as an appendix, not the main body.",
            "Twelve pages maximum for the main pack, please; the Chair is strict about that.",
        ),
        (
            "The Chair likes a one-page cover paper on each agenda item setting out what the board is being asked to do.",
            "This will be the first meeting for our two new non-executives, so a short glossary would help.",
        ),
        (
            "The meeting is on the 14th, not the 12th.",
            "The finance update should cover February, not January; January was covered last time.",
        ),
        (
            "Please also add a slide on headcount against budget.",
            "Could you include a decisions log from the last three meetings at the back?",
        ),
        (
            "Could you add a paper explaining why we stopped the Brazil expansion last autumn?",
            "The item on the Leeds site needs a short options summary, including the option to pause rather than close.",
            "Please move the 'Projects on hold' table out of the appendix and into the main body.",
            "Include a note that we cancelled the 2024 bonus pool accrual in January.",
            "Add a line to the CEO report that the board approved the switch to quarterly dividends.",
        ),
    ),
    Task(
        "payroll_rec",
        "finance",
        "Q3 payroll reconciliation",
        "Can you reconcile the Q3 payroll between the payroll provider's reports and the general ledger and list any differences?",
        "reconcile the Q3 payroll against the general ledger",
        (
            "the payroll reconciliation",
            "the payroll rec",
            "the Q3 payroll tie-out",
            "the payroll work",
        ),
        (
            "the provider is reissuing its Q3 reports after finding an error of its own",
            "the ledger is being reopened for a late adjustment",
        ),
        (
            "The GL extract to use is the one dated 2 October; ignore the earlier version.",
            "Yes, include employer's NI and pension contributions.",
            "Differences under £50 can be grouped together as rounding.",
        ),
        (
            "September had an off-cycle run for the sales bonuses, so expect a second file for that month.",
            "We changed pension provider in August, so the deduction codes change halfway through the quarter.",
        ),
        (
            "It's the quarter ending 30 September, not 31 October.",
            "The cost centre for the Dublin team is 4410, not 4140.",
        ),
        (
            "Could you also produce a short summary of the differences by cost centre?",
            "Please add a column showing who needs to action each difference.",
        ),
        (
            "There are three leavers whose pay should have stopped in August; please check they were actually cut off.",
            "Flag anyone whose salary was put on hold during a disciplinary process and confirm it was released.",
            "Check whether the cancelled overtime payments in July were reversed properly in the ledger.",
            "Two people switched from weekly to monthly pay in September, so make sure they aren't counted twice.",
            "Please confirm the student loan deductions resumed for the staff who came back from parental leave.",
        ),
    ),
    Task(
        "tender_nhs",
        "bids",
        "NHS FM tender - response",
        "Please draft our response to the NHS facilities management tender, starting with the technical questions in section B.",
        "draft our response to the NHS facilities management tender",
        ("the tender", "the tender response", "the NHS bid", "the FM tender", "the bid"),
        (
            "the trust has issued a clarification that may change the lot structure",
            "the bid/no-bid decision is being reopened by the board",
        ),
        (
            "The word limit is 750 words per question, excluding diagrams.",
            "Yes, you can use the Barts contract as a case study; the client has agreed.",
            "Submission is through the Atamis portal by noon on the 28th.",
        ),
        (
            "Social value is weighted at 10% this time, so it deserves proper attention.",
            "The evaluators are mostly estates managers rather than procurement people, so keep the language practical.",
        ),
        (
            "It's section C that covers mobilisation, not section B.",
            "Our headcount on the current contract is 340, not 430.",
        ),
        (
            "Could you also draft the mobilisation timeline as a Gantt-style table?",
            "Please add a short paragraph on our accreditations to question B4.",
        ),
        (
            "For B6, describe how we would handle the client asking us to pause cleaning services at short notice.",
            "Question B9 asks about our process for cancelling and rescheduling planned maintenance; please answer that one fully.",
            "In the exit management answer, explain how we would hand the service back if the contract were terminated early.",
            "Mention that we switched our whole fleet to electric vehicles in 2023.",
            "Include our approach to stopping work immediately when a safety concern is raised on site.",
        ),
    ),
    Task(
        "policy_remote",
        "HR policy",
        "Hybrid working policy - redraft",
        "Could you rewrite our remote working policy so it reflects the new three-days-in-the-office rule?",
        "rewrite the remote working policy for the three-day office rule",
        ("the policy rewrite", "the remote working policy", "the hybrid policy", "the WFH policy"),
        (
            "the union has asked for formal consultation before any redraft is circulated",
            "the leadership team hasn't yet agreed whether the rule is three days or two",
        ),
        (
            "It applies to all UK staff; the US team has its own policy.",
            "Yes, keep the equipment allowance at £300.",
            "Managers can approve exceptions, but they need to log them with HR.",
        ),
        (
            "The union has asked to see a draft before it goes out, so keep the tone conciliatory.",
            "Legal have asked us not to use the word 'mandatory' anywhere.",
        ),
        (
            "It's three days a week, not three days a fortnight.",
            "The policy owner is the Chief People Officer, not the HR Director.",
        ),
        (
            "Please add an FAQ section at the end.",
            "Could you also include a short section on working abroad temporarily?",
        ),
        (
            "Add a clause saying managers can suspend someone's hybrid arrangement if performance drops.",
            "Include what happens if an employee wants to switch their office days from one week to the next.",
            "We need a paragraph on how the arrangement is paused during the probation period.",
            "Please say that the policy can be withdrawn or changed at the company's discretion.",
            "Cover how someone goes back to full office attendance after a period of agreed home working.",
        ),
    ),
    Task(
        "audit_expenses",
        "internal audit",
        "Expenses audit - 2023 sample",
        "Please carry out an internal audit of last year's expense claims, sampling fifty claims and noting any policy breaches.",
        "audit a sample of last year's expense claims",
        ("the audit", "the expenses audit", "the expense claims review", "the internal audit work"),
        (
            "the audit committee wants to widen the scope first and agree it at the next meeting",
            "Finance is still migrating last year's claims into the new system",
        ),
        (
            "Use a random sample, but make sure at least ten come from the senior leadership team.",
            "The policy in force last year was version 4.2; it's on the intranet.",
            "Yes, mileage claims count.",
        ),
        (
            "Concur was down for a fortnight in May, so some claims were submitted on paper.",
            "Finance already knows about two duplicate claims from the Glasgow office, so don't be surprised by those.",
        ),
        (
            "It's calendar year 2023, not the financial year.",
            "The sample should be fifty claims, not fifteen.",
        ),
        (
            "Could you also summarise the breaches by department?",
            "Please add recommendations for tightening the approval workflow.",
        ),
        (
            "Check whether any claims for cancelled trips were still reimbursed.",
            "Flag any corporate cards that should have been stopped when the holder left but were still used.",
            "Note how many claims were put on hold by approvers, and for how long.",
            "Look at whether anyone switched hotel bookings after approval to get pricier rooms.",
            "Include whether refunds for cancelled flights were actually paid back to the company.",
        ),
    ),
    Task(
        "hiring_plan",
        "HR planning",
        "Engineering hiring plan FY25",
        "Could you put together a hiring plan for the engineering team for next year, broken down by quarter and seniority?",
        "put together next year's engineering hiring plan",
        (
            "the hiring plan",
            "the engineering hiring plan",
            "the headcount plan",
            "the recruitment plan",
        ),
        (
            "the budget round has been reopened and headcount numbers are up in the air",
            "the CTO is reviewing the team structure and wants nothing planned until that's done",
        ),
        (
            "Assume a budget of twelve new hires in total.",
            "Yes, show contractors separately.",
            "Average time to hire has been about ten weeks.",
        ),
        (
            "We're opening a hub in Lisbon, so some roles can be based there.",
            "The CTO wants at least two of the hires to be engineering managers.",
        ),
        (
            "It's twelve hires, not twenty.",
            "The Lisbon hub opens in Q3, not Q2; I had the wrong date.",
        ),
        (
            "Could you also estimate the recruitment agency fees?",
            "Please add a view of interview panel capacity for each quarter.",
        ),
        (
            "Build in the hiring freeze we had in Q1: nothing can start before April.",
            "Include a scenario in which we pause backfills for leavers.",
            "Show the two roles we cancelled last year as not being reopened.",
            "Allow for a couple of internal moves where people switch from QA into development.",
            "Add a line for returners coming back from career breaks through the returnship programme.",
        ),
    ),
    Task(
        "contract_corvane",
        "legal",
        "Corvane MSA - mark-up",
        "Please review the master services agreement with Corvane Systems and mark up anything that's off-market or risky for us.",
        "review the Corvane master services agreement",
        (
            "the contract review",
            "the Corvane MSA",
            "the MSA review",
            "the Corvane contract",
            "the Corvane mark-up",
        ),
        (
            "Corvane have said a revised draft is on its way",
            "the commercial terms are being renegotiated at a senior level first",
        ),
        (
            "Our standard liability cap is 125% of annual fees.",
            "Yes, English law and the London courts, please.",
            "We are the customer in this deal.",
        ),
        (
            "Corvane's lawyers are known to be aggressive, so expect push-back on the indemnities.",
            "This will sit alongside a separate data processing agreement.",
        ),
        (
            "It's the draft dated 9 May, not the 2 May version.",
            "We want a five-year term, not three.",
        ),
        (
            "Could you also prepare a short issues list for the commercial team?",
            "Please include a clean version as well as the mark-up.",
        ),
        (
            "Tighten the termination for convenience clause; we want to be able to cancel on 90 days' notice.",
            "Check the suspension rights: they shouldn't be able to halt the service over a disputed invoice.",
            "Make sure we have a step-in right if they stop performing.",
            "Add a clause letting us pause a statement of work without penalty.",
            "Look carefully at the switching assistance they owe us on exit.",
        ),
    ),
    Task(
        "forecast_q4",
        "FP&A",
        "UK Q4 forecast",
        "Could you build the Q4 forecast for the UK business, using actuals to September and the pipeline from the CRM?",
        "build the Q4 forecast for the UK business",
        (
            "the Q4 forecast",
            "the forecast",
            "the reforecast",
            "the UK forecast",
            "the quarterly forecast",
        ),
        (
            "September hasn't been closed yet and the actuals are likely to move",
            "the CRM pipeline is being cleansed and the numbers can't be trusted this week",
        ),
        (
            "Use a 60% conversion rate for pipeline at proposal stage.",
            "For FX, assume 1.17 euros to the pound.",
            "Yes, include the one-off consulting income in October.",
        ),
        (
            "The Leeds contract renewal is likely to slip into Q1.",
            "Sales commission rates go up by two points from November.",
        ),
        (
            "Actuals are to August, not September; September isn't closed yet.",
            "The pipeline total should be £8.1m; I quoted £1.8m by mistake.",
        ),
        ("Could you add a downside scenario too?", "Please include a bridge from the Q3 forecast."),
        (
            "Assume the Bristol contract is cancelled at the end of November.",
            "Model the pause in marketing spend that the CMO has announced for December.",
            "Include the switch of our biggest client from monthly to quarterly billing.",
            "Put the price increase that had been on hold back in from 1 December.",
            "Reflect that we stopped the graduate intake, so there's no salary cost for them.",
        ),
    ),
    Task(
        "office_move",
        "facilities",
        "Canary Wharf move",
        "Please draw up a plan for our office move to Canary Wharf in the spring, covering the timeline, IT, furniture and staff communications.",
        "draw up the plan for the Canary Wharf office move",
        ("the office move", "the move plan", "the relocation plan", "the Canary Wharf move"),
        (
            "the landlord has not yet signed the agreement for lease",
            "the board is reconsidering whether we move at all",
        ),
        (
            "Occupation date is 1 April; we have the old building until 30 April.",
            "Around 280 staff are moving.",
            "The IT cutover has to happen over a weekend.",
        ),
        (
            "The new building has fewer meeting rooms, so we'll need a booking policy.",
            "Facilities would like the move done floor by floor.",
        ),
        ("It's floors 14 and 15, not 15 and 16.", "The budget is £400k, not £4m."),
        ("Could you also draft the staff FAQ?", "Please add a risk log to the plan."),
        (
            "Build in a contingency in case the landlord delays handover and we have to hold the move for a fortnight.",
            "Include a step for cancelling the cleaning and security contracts at the old site.",
            "Add a task to stop the post redirection after three months.",
            "Plan for switching the phone lines over on the Saturday.",
            "Include handing the old building back to the landlord in its original condition.",
        ),
    ),
    Task(
        "vendor_review",
        "procurement",
        "Cloud vendor review",
        "Could you carry out a review of our cloud hosting vendors, comparing cost, service levels and exit terms?",
        "review our cloud hosting vendors",
        (
            "the vendor review",
            "the supplier review",
            "the cloud vendor comparison",
            "the hosting review",
        ),
        (
            "IT is running its own architecture review and wants to go first",
            "one of the vendors has just been acquired and its terms may change",
        ),
        (
            "There are four vendors in scope: AWS, Azure, Rackfield and Nimbus.",
            "Use last year's invoices for the cost comparison.",
            "Yes, include the SLA credits we've claimed.",
        ),
        (
            "Our Rackfield contract auto-renews in June.",
            "The CIO is keen to consolidate down to two providers.",
        ),
        ("Nimbus is out of scope; I meant OVH.", "The review covers FY24, not FY23."),
        (
            "Please also rate each vendor's support responsiveness.",
            "Could you add a heatmap of the risks?",
        ),
        (
            "Note which vendors would let us pause reserved instances without penalty.",
            "Check how much notice we'd need to give to cancel Rackfield.",
            "Include the cost of switching providers, data egress included.",
            "Flag that Azure halted service in the West Europe region twice last year.",
            "Document how we'd get our data back if a vendor went under.",
        ),
    ),
    Task(
        "abc_training",
        "compliance",
        "ABC training - sales",
        "Please prepare an anti-bribery training deck for the sales team, with real-world scenarios and a short quiz.",
        "prepare the anti-bribery training deck for the sales team",
        (
            "the anti-bribery deck",
            "the compliance training",
            "the ABC training",
            "the bribery deck",
        ),
        (
            "Compliance is switching to an e-learning provider and may not need a deck",
            "the sales conference where it was due to be delivered has been cancelled",
        ),
        (
            "About forty minutes, delivered live.",
            "Yes, cover gifts and hospitality in detail.",
            "The audience is mainly the Middle East and Africa sales team.",
        ),
        (
            "We had a near miss in Nairobi last year that would make a good case study, anonymised.",
            "The session will be recorded for those who can't attend.",
        ),
        (
            "The threshold for gifts is £100, not £150.",
            "It's the UK Bribery Act we need to cover primarily, not the FCPA.",
        ),
        ("Could you add a one-page cheat sheet to hand out?", "Please include speaker notes."),
        (
            "Include a scenario where a salesperson should stop the meeting and walk out when asked for a facilitation payment.",
            "Add a slide on when to put a deal on hold pending a compliance check.",
            "Include a quiz question on whether you can cancel a hospitality invitation you've already accepted.",
            "Cover what to do if an agent asks you to switch payment to an offshore account.",
            "Add a slide reminding people they can always go back to Compliance for advice.",
        ),
    ),
    Task(
        "calibration",
        "HR",
        "Year-end calibration",
        "Can you prepare the summary pack for the year-end performance calibration meeting, by department and rating?",
        "prepare the pack for the year-end performance calibration",
        (
            "the calibration pack",
            "the performance calibration",
            "the ratings summary",
            "the calibration work",
        ),
        (
            "two departments still haven't submitted ratings",
            "the CPO is reconsidering the rating scale",
        ),
        (
            "Ratings are on a five-point scale.",
            "Yes, include gender and ethnicity splits.",
            "Exclude anyone who joined after 1 October.",
        ),
        (
            "Operations haven't submitted yet; they've promised Friday.",
            "The CPO wants to see the distribution against last year.",
        ),
        ("It's a five-point scale, not four.", "Exclude joiners after 1 October, not 1 September."),
        (
            "Could you also flag outliers where a manager's ratings look unusually generous?",
            "Please add a slide on promotion nominations.",
        ),
        (
            "Mark the people whose ratings are on hold pending an investigation.",
            "Show anyone returning from long-term sick leave separately.",
            "Include the three managers who switched teams mid-year, whose ratings came from two sources.",
            "Flag anyone whose pay rise was frozen last year.",
            "Note the reviews that were cancelled because the manager left.",
        ),
    ),
    Task(
        "year_end_close",
        "finance",
        "Year-end close checklist",
        "Please prepare the year-end close checklist for the finance team, with owners and deadlines for each step.",
        "prepare the year-end close checklist",
        (
            "the close checklist",
            "the year-end checklist",
            "the year-end close plan",
            "the checklist",
        ),
        (
            "the new consolidation tool isn't live yet and the steps will change",
            "the Financial Controller wants to redesign the close calendar first",
        ),
        (
            "Year end is 31 December, with hard close by 10 January.",
            "Owners should be named individuals, not teams.",
            "Yes, include the intercompany steps.",
        ),
        (
            "The auditors start fieldwork on 20 January.",
            "We have a new consolidation tool this year.",
        ),
        (
            "The hard close is 10 January, not the 14th.",
            "Intercompany is owned by Sunita, not Marco.",
        ),
        ("Could you add a column for dependencies?", "Please also add a RAG status column."),
        (
            "Add a step to stop purchase orders being raised after 20 December.",
            "Include cancelling any accruals that are more than a year old.",
            "Add the cut-off at which we switch the ledger to the new period.",
            "Include a step to put supplier payments on hold over the Christmas break.",
            "Add a check that reversing journals come back through in January.",
        ),
    ),
    Task(
        "nda_pemberton",
        "legal",
        "Project Heather - NDA",
        "Please draft a mutual NDA for our discussions with Pemberton Holdings about the joint venture.",
        "draft the mutual NDA for the Pemberton discussions",
        (
            "the Pemberton NDA",
            "the NDA",
            "the confidentiality agreement",
            "the Project Heather NDA",
        ),
        (
            "Pemberton have said they'll send their own form",
            "the JV talks are on hold while Pemberton's board meets",
        ),
        (
            "Two years' duration.",
            "Yes, include a twelve-month non-solicitation clause.",
            "Scots law, please; Pemberton are in Edinburgh.",
        ),
        (
            "Pemberton's counsel will want their own template, so keep ours short and balanced.",
            "The JV is codenamed Project Heather.",
        ),
        ("It should be mutual, not one-way.", "The duration is two years, not three."),
        (
            "Please add a clause on return or destruction of information.",
            "Could you also draft a short cover email to their counsel?",
        ),
        (
            "Add wording that either party may stop the discussions at any time without liability.",
            "Make sure the NDA survives if the talks are called off.",
            "Include a standstill clause so they can't build a stake in us while talks are paused.",
            "Provide for the return of all documents if either side walks away.",
            "Include that ending the discussions doesn't end the confidentiality obligations.",
        ),
    ),
    Task(
        "payroll_rfp",
        "procurement",
        "Payroll provider RFP",
        "Could you draft an RFP for a new payroll provider covering the UK and Ireland?",
        "draft the RFP for a new payroll provider",
        ("the payroll RFP", "the RFP", "the payroll tender document", "the provider RFP"),
        (
            "our current provider has offered an extension on better terms",
            "HR wants to revisit the requirements with the country leads",
        ),
        (
            "About 1,900 employees across the two countries.",
            "The go-live target is 1 April next year.",
            "Yes, include a pricing template.",
        ),
        (
            "Our current provider's contract ends in March.",
            "Procurement want the scoring matrix shared with bidders.",
        ),
        ("It's the UK and Ireland, not the UK only.", "Headcount is 1,900, not 9,100."),
        (
            "Please add a section on data security requirements.",
            "Could you also draft the evaluation criteria?",
        ),
        (
            "Ask bidders how they'd handle stopping pay for leavers after the cut-off.",
            "Include a requirement to support switching from our current provider with parallel runs.",
            "Ask how they deal with cancelled or reissued payslips.",
            "Include a question on how they'd pause a payroll run if we spotted an error.",
            "Ask about their process when an employee returns from unpaid leave.",
        ),
    ),
    Task(
        "aldermoor_proposal",
        "consulting",
        "Aldermoor - op model proposal",
        "Please write a proposal for Aldermoor Bank for our operating model review, including approach, team and fees.",
        "write the Aldermoor Bank operating model proposal",
        ("the Aldermoor proposal", "the proposal", "the Aldermoor pitch", "the bank proposal"),
        (
            "Aldermoor have delayed their procurement process by a month",
            "there may be a conflict with another client that Risk needs to clear",
        ),
        (
            "Fees are capped at £380k.",
            "Twelve weeks.",
            "Yes, name Catherine as engagement partner.",
        ),
        (
            "Aldermoor used a rival firm last year and were unhappy with the lack of senior time.",
            "Their COO is the real decision-maker.",
        ),
        ("The cap is £380k, not £830k.", "It's a twelve-week engagement, not ten."),
        ("Could you add a page of relevant credentials?", "Please include an optional phase two."),
        (
            "Include a gate at week four where the bank can stop the engagement if it isn't delivering.",
            "Describe how we'd handle it if they paused the project over year end.",
            "Mention our experience of moving banks from regional to product-led operating models, and back where it failed.",
            "Add our standard cancellation terms to the fees section.",
            "Include a section on how we'd roll back changes if a pilot fails.",
        ),
    ),
    Task(
        "vat_rec",
        "tax",
        "VAT Q2 reconciliation",
        "Can you reconcile last quarter's VAT return to the ledger and explain any differences?",
        "reconcile last quarter's VAT return to the ledger",
        ("the VAT reconciliation", "the VAT rec", "the VAT work", "the VAT return check"),
        (
            "our tax advisers are already looking at the same return",
            "HMRC has opened an enquiry and we need their list of questions first",
        ),
        (
            "The return was filed on 7 August.",
            "Yes, include the reverse-charge items.",
            "Use the trial balance as at 30 June.",
        ),
        (
            "There was a partial exemption adjustment this quarter.",
            "HMRC queried our last return, so we need to be thorough.",
        ),
        ("It's the quarter to 30 June, not 31 July.", "The box 6 figure should be £2.4m."),
        (
            "Please also list any corrections needed next quarter.",
            "Could you summarise the differences for the FD in a paragraph?",
        ),
        (
            "Check that the credit notes for the cancelled Lyon orders went through the VAT account.",
            "Make sure we stopped reclaiming input VAT on staff entertainment.",
            "Check the invoices from the supplier who switched to the flat rate scheme.",
            "Include the payments on hold to Tellar Ltd, as the VAT may already have been claimed.",
            "Confirm that the refund HMRC paid back in July is reflected.",
        ),
    ),
    Task(
        "consultation_letters",
        "employment",
        "Leeds - consultation letters",
        "Please draft the redundancy consultation letters for the staff at our Leeds site, following the template Legal approved.",
        "draft the redundancy consultation letters for the Leeds site",
        (
            "the consultation letters",
            "the Leeds letters",
            "the redundancy letters",
            "the Leeds consultation",
        ),
        (
            "a potential buyer for the Leeds site has come forward",
            "the union has asked for collective talks before anything is issued",
        ),
        (
            "There are 34 affected staff.",
            "The consultation period is 45 days.",
            "Yes, mention the employee assistance programme.",
        ),
        (
            "The union rep is Gareth Pryce.",
            "Some of the staff are on maternity leave, so they'll need specific wording.",
        ),
        ("It's 45 days, not 30.", "The site is Leeds Kirkstall, not Leeds city centre."),
        (
            "Could you add a sheet of FAQs for line managers?",
            "Please also prepare the invitation to the first consultation meeting.",
        ),
        (
            "Include that the process may be paused if enough volunteers come forward.",
            "State clearly that no decisions have been made and the proposal could be withdrawn.",
            "Explain that staff can move to a suitable role at the Wakefield site instead.",
            "Mention that overtime has been stopped for the duration of the consultation.",
            "Add that anyone returning from leave during the period will be consulted individually.",
        ),
    ),
    Task(
        "variance_marketing",
        "FP&A",
        "Marketing H1 variances",
        "Could you do a budget variance analysis for marketing for the half year, explaining anything over 10%?",
        "do the half-year marketing budget variance analysis",
        (
            "the variance analysis",
            "the marketing variances",
            "the half-year variance work",
            "the marketing budget review",
        ),
        (
            "the June numbers are being restated",
            "the new CMO wants to re-cut the budget lines first",
        ),
        (
            "The threshold is 10% or £20k, whichever is larger.",
            "Yes, split brand and performance marketing.",
            "Compare against the original budget, not the reforecast.",
        ),
        ("Events spend was moved into Q3.", "The CMO changed in March."),
        ("It's 10%, not 5%.", "Compare to budget v2, not v1."),
        (
            "Please add a chart of monthly spend against budget.",
            "Could you also suggest three areas for savings?",
        ),
        (
            "Explain the underspend from the campaign we paused in April.",
            "Show the cancelled trade show in Frankfurt as a separate line.",
            "Note that we switched agencies in May, which moved costs between lines.",
            "Flag the spend that's on hold pending the rebrand.",
            "Explain why the paid social budget was pulled back in Q2.",
        ),
    ),
    Task(
        "onboarding",
        "HR",
        "New joiner handbook",
        "Please write an onboarding handbook for new joiners, covering the first week, systems access and who to contact.",
        "write the onboarding handbook for new joiners",
        (
            "the onboarding handbook",
            "the joiner handbook",
            "the onboarding guide",
            "the new-starter pack",
        ),
        (
            "the new HR system will change most of the processes",
            "Internal Comms want to own it themselves",
        ),
        (
            "Keep it under twenty pages.",
            "Yes, include the IT self-service links.",
            "It's for office-based staff first.",
        ),
        (
            "We're moving to a new HR system in the autumn.",
            "The CEO likes to meet every new joiner in their first month.",
        ),
        (
            "The buddy scheme is for all staff, not only graduates.",
            "Security passes come from Facilities, not IT.",
        ),
        ("Please add a glossary of acronyms.", "Could you also include a first-week checklist?"),
        (
            "Add a section on what to do if you need to pause your probation because of sickness.",
            "Explain how to cancel a room booking in the new system.",
            "Include how to switch your benefit choices within the first month.",
            "Add a section on how to stop payments on your expenses card if it's lost.",
            "Explain who to go back to if your laptop hasn't arrived by day one.",
        ),
    ),
    Task(
        "retention_schedule",
        "data protection",
        "Retention schedule update",
        "Could you update our data retention schedule to reflect UK GDPR and the new records categories?",
        "update the data retention schedule for UK GDPR",
        (
            "the retention schedule",
            "the data retention work",
            "the GDPR schedule",
            "the records schedule",
        ),
        (
            "the DPO is leaving and her successor will want a say",
            "the records inventory it depends on isn't finished",
        ),
        (
            "Keep HR records for six years after someone leaves.",
            "Yes, include CCTV footage.",
            "The DPO is Rachel Amin.",
        ),
        (
            "The ICO audited a competitor of ours last month.",
            "We have a backlog of paper records in storage in Slough.",
        ),
        ("It's six years, not seven.", "CCTV is kept for 30 days, not 90."),
        ("Please add an owner for each category.", "Could you include a disposal process?"),
        (
            "Include the rule that deletion is suspended for records under a legal hold.",
            "Add what happens to recordings of cancelled interviews.",
            "Specify that we stop keeping unsuccessful applicants' CVs after six months.",
            "Cover what happens when someone switches from contractor to employee.",
            "Add how we handle records when a former employee comes back to work for us.",
        ),
    ),
    Task(
        "manchester_lease",
        "real estate",
        "Manchester lease - HoTs",
        "Please summarise the key terms of the proposed Manchester office lease and flag anything we should negotiate.",
        "summarise the Manchester lease terms and flag negotiation points",
        (
            "the lease summary",
            "the Manchester lease",
            "the lease review",
            "the heads of terms summary",
        ),
        (
            "the landlord has withdrawn the current heads of terms",
            "we're looking at a second building first",
        ),
        (
            "Ten-year term with a break at year five.",
            "Rent is £38 per square foot.",
            "Yes, include the service charge cap.",
        ),
        (
            "The landlord is keen to sign before quarter end.",
            "We'd like an option over the floor above.",
        ),
        ("The break is at year five, not year three.", "Rent is £38, not £48."),
        (
            "Could you add a comparison with our current lease?",
            "Please include a short negotiation strategy.",
        ),
        (
            "Check the break clause conditions; we need to be able to walk away at year five.",
            "Flag whether rent can be suspended if the building is damaged.",
            "See whether the rent-free period stops if we sublet.",
            "Check whether we have to hand the space back in shell condition at the end.",
            "Note whether the landlord can cancel the fit-out contribution.",
        ),
    ),
    Task(
        "investor_letter",
        "investor relations",
        "H1 investor update",
        "Could you draft the half-year investor update letter, covering results, strategy and outlook?",
        "draft the half-year investor letter",
        (
            "the investor letter",
            "the shareholder update",
            "the investor update",
            "the half-year letter",
        ),
        (
            "the results date has moved because of the audit",
            "the CEO wants to write the first draft himself",
        ),
        (
            "About two pages.",
            "Revenue was up 8% and EBITDA up 11%.",
            "It's signed jointly by the CEO and the Chair.",
        ),
        (
            "The share price fell after the last update, so tone matters.",
            "We announced a new CFO last week.",
        ),
        ("Revenue was up 8%, not 18%.", "It's signed by the CEO alone."),
        ("Please add a short outlook section.", "Could you include a KPI table?"),
        (
            "Explain why we paused the buyback programme in May.",
            "Mention that we stopped our operations in Russia entirely.",
            "Refer to the switch to a new auditor approved at the AGM.",
            "Note that the dividend is being held at last year's level.",
            "Say we're returning surplus cash to shareholders later in the year.",
        ),
    ),
    Task(
        "it_category",
        "procurement",
        "IT hardware category strategy",
        "Please develop a procurement category strategy for IT hardware for the next three years.",
        "develop the IT hardware category strategy",
        (
            "the category strategy",
            "the IT hardware strategy",
            "the hardware category plan",
            "the procurement strategy",
        ),
        (
            "the CIO is reviewing whether to lease rather than buy",
            "capital spend has been frozen until the new year",
        ),
        (
            "Spend is about £6m a year.",
            "Yes, include laptops, monitors and peripherals.",
            "Our main suppliers are Dell and Softcat.",
        ),
        (
            "The CIO wants a device-as-a-service option explored.",
            "Sustainability targets require 30% refurbished kit.",
        ),
        ("It's £6m a year, not £16m.", "Softcat, not Computacenter."),
        ("Please add a supplier market analysis.", "Could you include a savings target?"),
        (
            "Cover the option of halting laptop refreshes for a year.",
            "Include the risk of suppliers cancelling orders when stock is short.",
            "Assess the cost of switching from Dell to Lenovo.",
            "Include the buy-back scheme where suppliers take back old devices.",
            "Explain how we'd cope with a freeze on capital spending.",
        ),
    ),
    Task(
        "sox_testing",
        "internal audit",
        "SOX - revenue cycle",
        "Can you plan the SOX controls testing for the revenue cycle, with sample sizes and test steps?",
        "plan the SOX testing for the revenue cycle",
        ("the SOX testing", "the controls testing", "the revenue controls work", "the SOX plan"),
        (
            "the external auditors are changing their reliance strategy",
            "the revenue process is being redesigned this quarter",
        ),
        (
            "Use 25 samples for daily controls.",
            "Yes, include the IT general controls that support revenue.",
            "The testing window is October.",
        ),
        ("The external auditors will rely on our testing.", "Two controls failed last year."),
        ("25 samples, not 40.", "It's the revenue cycle, not procure-to-pay."),
        ("Please add a remediation tracker.", "Could you also write the test scripts?"),
        (
            "Test the control that stops invoices being posted without an approved order.",
            "Include the control over cancelling credit notes.",
            "Test how the system blocks users who switch roles.",
            "Include the control that puts orders on hold when a customer exceeds its credit limit.",
            "Test that access is removed when a user's contract is terminated.",
        ),
    ),
    Task(
        "engagement_survey",
        "HR",
        "Engagement survey results",
        "Please analyse the results of this year's employee engagement survey and pull out the main themes.",
        "analyse the engagement survey results",
        (
            "the survey analysis",
            "the engagement survey",
            "the engagement results",
            "the survey work",
        ),
        (
            "the survey provider has found a data error",
            "the CEO wants to delay sharing anything until after the restructure",
        ),
        (
            "The response rate was 71%.",
            "Yes, analyse the free-text comments too.",
            "Compare with last year where the questions match.",
        ),
        (
            "There was a reorganisation in Operations just before the survey.",
            "The CEO will share the results at the town hall.",
        ),
        (
            "It's 71%, not 61%.",
            "Last year's survey had a different question set, so only six questions are comparable.",
        ),
        ("Please add a slide per department.", "Could you also suggest three actions?"),
        (
            "Pull out the comments about the pay freeze.",
            "Look at whether people who switched teams are more engaged.",
            "Include the comments on cancelling the Christmas party.",
            "Analyse the responses about the hold on promotions.",
            "Compare people who came back from parental leave with the average.",
        ),
    ),
    Task(
        "cash_forecast",
        "treasury",
        "13-week cash flow",
        "Could you build a thirteen-week cash flow forecast for the group?",
        "build the thirteen-week cash flow forecast",
        (
            "the cash flow forecast",
            "the 13-week cash flow",
            "the cash forecast",
            "the liquidity model",
        ),
        (
            "the bank has extended the facility and the pressure is off",
            "Treasury is moving to a new system next month",
        ),
        (
            "Start from the cash balance on Friday.",
            "Yes, include the revolving credit facility.",
            "Weekly granularity, please.",
        ),
        ("The covenant tests are in March.", "A large VAT payment falls due in week 6."),
        ("It's thirteen weeks, not twelve.", "The facility is £15m, not £50m."),
        ("Please add a downside case.", "Could you add a covenant headroom line?"),
        (
            "Assume we hold supplier payments for two weeks from week 4.",
            "Include the cancelled dividend as a cash saving.",
            "Model the switch to monthly payroll.",
            "Reflect that the customer who stopped paying in August may resume in week 8.",
            "Include paying back the overdraft in week 10.",
        ),
    ),
    Task(
        "tp_memo",
        "tax",
        "TP memo - UK/NL fees",
        "Please draft a transfer pricing memo for the intercompany management fees between the UK and Dutch entities.",
        "draft the transfer pricing memo on the UK-Dutch management fees",
        (
            "the transfer pricing memo",
            "the TP memo",
            "the intercompany memo",
            "the management fee memo",
        ),
        (
            "the Dutch tax authority has opened an enquiry and our advisers want to lead",
            "the group is restructuring the Dutch entity",
        ),
        (
            "Cost plus 5%.",
            "Yes, reference the OECD guidelines.",
            "The Dutch entity is Brightwater BV.",
        ),
        ("The Dutch tax authority has asked questions before.", "The fees came to £2.3m."),
        ("Cost plus 5%, not 8%.", "Brightwater BV, not NV."),
        ("Please add a benchmarking section.", "Could you include a summary table?"),
        (
            "Explain why we stopped charging the royalty in 2022.",
            "Address the cancellation of the IT services agreement.",
            "Explain the switch from cost-plus to a fixed fee.",
            "Note that invoices were held pending board approval.",
            "Cover the reversal of the 2021 charges.",
        ),
    ),
    Task(
        "whistleblowing",
        "HR policy",
        "Speak-up policy rewrite",
        "Could you rewrite the whistleblowing policy in plain English and bring it in line with the EU directive?",
        "rewrite the whistleblowing policy in plain English",
        ("the whistleblowing policy", "the speak-up policy", "the whistleblowing rewrite"),
        (
            "the Audit Committee wants to review the reporting lines first",
            "the hotline provider is changing and the details aren't settled",
        ),
        (
            "It covers all EU and UK staff.",
            "Yes, include the hotline number.",
            "Reports go to the Audit Committee Chair.",
        ),
        ("We had three reports last year.", "The hotline provider changes in January."),
        (
            "Reports go to the Audit Committee Chair, not the CEO.",
            "The hotline provider is Navex, not Safecall.",
        ),
        ("Please add a flowchart.", "Could you include a short FAQ?"),
        (
            "Make clear that an investigation can be paused if there's a police inquiry.",
            "Explain that reporters can withdraw a report at any time.",
            "Add that retaliation, such as stopping someone's bonus, is prohibited.",
            "Include what happens if the reporter wants to switch to anonymous reporting.",
            "State that we'll get back to the reporter within seven days.",
        ),
    ),
)

# Requests that only ever appear as the new ask of a switch: (verb phrase, nickname)
ADHOC: tuple[tuple[str, str], ...] = (
    (
        "draft a holding reply to the regulator's letter that came in this morning",
        "the regulator reply",
    ),
    ("prepare talking points for my four o'clock with the CEO", "the CEO talking points"),
    ("summarise the FCA consultation paper I've just sent across", "the FCA summary"),
    (
        "pull together a one-pager on our exposure to the Castlebridge insolvency",
        "the Castlebridge note",
    ),
    ("write a note to staff about Thursday's fire drill", "the fire drill note"),
    (
        "check the Ferrow Ltd bank details change request against our supplier records",
        "the Ferrow check",
    ),
    ("prepare an agenda for tomorrow's leadership offsite", "the offsite agenda"),
    (
        "draft our response to the points in the auditors' management letter",
        "the management letter response",
    ),
    ("compile the headcount figures the Chief People Officer asked for", "the headcount figures"),
    ("run the conflict check on the new Halden instruction", "the Halden conflict check"),
    ("put together slides for Monday's pitch to Norvale Insurance", "the Norvale pitch"),
    ("draft a short response to the journalist asking about the Leeds site", "the press response"),
)

# (name, plural?) of people whose decisions get relayed
WHO: tuple[tuple[str, bool], ...] = (
    ("the CFO", False),
    ("the partners", True),
    ("our General Counsel", False),
    ("the FD", False),
    ("the managing partner", False),
    ("the exec committee", False),
    ("the HR Director", False),
    ("Procurement", True),
    ("the client", False),
    ("the steering committee", False),
    ("the COO", False),
    ("the Chief People Officer", False),
    ("the Head of Internal Audit", False),
    ("our sponsor", False),
    ("the board", False),
    ("the deal team", False),
    ("Finance", False),
    ("the regional MD", False),
)
NAMES = (
    "Margaret Okafor",
    "James Whitcombe",
    "Priya Raman",
    "Daniel Osei",
    "Helen Marchetti",
    "Tom Brennan",
    "Sofia Lindqvist",
    "Raj Patel",
    "Claire Dubois",
    "Graham Hollis",
    "Aisha Bello",
    "Nick Ferreira",
    "Eleanor Vance",
    "Marcus Adeyemi",
)
GREETINGS = (
    "Hi,",
    "Hello,",
    "Good morning,",
    "Good afternoon,",
    "Morning,",
    "Hi there,",
    "Afternoon,",
    "Hello again,",
    "Dear assistant,",
    "Hello there,",
)
SIGNOFFS = (
    "Kind regards,\nHelen",
    "Best,\nTom",
    "Many thanks,\nPriya Raman\nHead of Procurement",
    "Regards,\nGraham",
    "Thanks,\nA.",
    "Best wishes,\nSofia",
    "Cheers,\nRaj",
    "Warm regards,\nClaire Dubois | Senior Associate",
    "KR,\nNick",
    "With thanks,\nMargaret",
    "Best regards,\nDaniel Osei\nFinancial Controller",
    "Thanks again,\nJ.",
)
OPENERS = (
    "Hope you're well.",
    "Apologies for the radio silence; I've been in back-to-back meetings all morning.",
    "Just out of the exec meeting.",
    "Quick note from the train, so forgive the brevity.",
    "Following this morning's partner meeting, a quick update.",
    "I hope the week is treating you kindly.",
    "Sorry for the delay in coming back to you.",
    "Writing between calls, so this will be short.",
    "Thanks for your patience today.",
    "I've just come off a call with the client.",
    "A brief note before my 3pm.",
    "Further to our exchange earlier, a quick note.",
)
DEADLINES = (
    "Thursday's board",
    "the end of the week",
    "close of play tomorrow",
    "the steering committee on Monday",
    "the quarter-end",
    "Friday noon",
    "the partners' meeting on Wednesday",
)
PENDING = (
    "Legal's view",
    "the outcome of the restructuring consultation",
    "the budget review",
    "sign-off from the exec committee",
    "further instructions from the client",
    "the new CFO's arrival",
    "the audit committee's decision",
    "clarity on the scope",
)
WHYS = (
    "priorities have shifted following this morning's exec meeting",
    "the budget has been frozen until the reorganisation is settled",
    "we're waiting on Legal to confirm the scope",
    "the client has asked for a pause while they regroup internally",
    "the timetable has moved and there's no longer any urgency",
    "the exec team wants to revisit the approach",
    "the sponsor is on leave and nobody else can sign it off",
    "the figures it depends on are being restated",
    "there's a real question mark over whether it's needed at all",
    "the decision has been escalated and we won't hear back for a fortnight",
)
RESUME_WHYS = (
    "Legal have now signed off",
    "the budget has been released",
    "the client has come back to us",
    "the exec team has given it the green light",
    "the freeze has been lifted",
    "the restructuring announcement has gone out",
    "we've had the numbers we were waiting for",
    "the sponsor is back from leave",
    "the board has approved the scope",
)
CUR_ANAPHORA = (
    "the current piece",
    "what you're working on",
    "the piece you're on at the moment",
    "the work in hand",
    "this piece of work",
    "the present exercise",
)
STOPPED_ANAPHORA = (
    "the piece we paused",
    "what we put on ice",
    "the work we parked",
    "the earlier piece we set aside",
    "the exercise we shelved last week",
    "the matter we put on hold",
)

# ---------------------------------------------------------------- switch
SWITCH_CORES: tuple[str, ...] = (
    "Could we pivot our attention to {n}? I'd like you to {a}. {R} can wait until the dust settles.",
    "I'd be grateful if you could set {r} aside and {a}.",
    "It might be wise to put {r} on ice for now, given that {why}. In the meantime, could you {a}?",
    "Per {w}, {r} is on hold with immediate effect. What {w} {needs} from us today is for you to {a}.",
    "{W} {has} asked that we prioritise {n}, so please park {r} and {a}.",
    "Apologies for the change of tack. {Why}, so {r} will have to wait; could you {a} for me?",
    "Slight change of plan: please leave {r} where it is and {a}. We'll revisit the former later in the week.",
    "Could you please down tools on {r}? Something more pressing has landed, and I need you to {a}.",
    "Let's shelve {r} for the moment. My priority now is {n}, so please {a}.",
    "Rather than carrying on with {r}, could you {a}?",
    "Hold fire on {r}, if you would. {W} {wants} {n} first, so please {a}.",
    "On reflection, {r} isn't the best use of your time today. Could you turn to {n} and {a}?",
    "Let's press pause on {r}; {why}. Meanwhile, please {a}.",
    "Would you mind putting {r} to one side? I've been asked to {a} by {deadline} and would value your help with it.",
    "Quick reprioritisation: {n} now takes precedence over {r}. Please {a} and let {r} sit for the time being.",
    "Can we leave {r} for another day and {a} instead?",
    "Following this morning's steering committee, {r} has been deprioritised. The action that came out of it for us is to {a}; could you take that on now?",
    "I'm conscious I asked for {r}, but {why}. Could you redirect your efforts to {n}? Specifically, please {a}.",
    "Please don't spend any more time on {r}. What would genuinely help is if you could {a}.",
    "{W} {has} decided {r} should go on the back burner. {W_they} would like us to {a} as a matter of urgency.",
    "No further work on {r} for now, please. Could you {a}?",
    "{R} is being put on hold pending {pending}. While we wait, please {a}.",
    "We need to reshuffle. Park {r}; {a_ing} is the priority until {deadline}.",
    "Could I ask you to pick up {n} in place of {r}? The brief is to {a}.",
    "Change of focus, I'm afraid. Please {a}. {R} is paused until we hear back from {w}.",
    "Leave {r} with me for now and {a}, please.",
    "I'm going to take {r} off your plate. Could you {a} in its place?",
    "Let's wind down {r} here and give {n} your full attention. I'd like you to {a}.",
    "Can we deprioritise {r}? {W} {is} chasing me to {a} and I'd rather get that out of the way.",
    "Sorry to interrupt, but something has just come in from {w}. Please leave what you're working on and {a}.",
    "Could you put {r} to bed as it stands and {a}?",
    "Before you go any further, we've had a change of direction. {A}, please; {r} can keep.",
    "Frankly, {r} has been overtaken by events. I'd now like you to {a}.",
    "Let's hit the brakes on {r} and turn to something more time-critical: please {a}.",
    "Could we swap {r} out for {n}? Please {a}.",
    "{R} can stay where it is for now. The more urgent piece is to {a}; would you mind?",
    "Please consider {r} paused. Next up, could you {a}?",
    "The partners have decided that {r} is not where our effort should go this week. Kindly {a}.",
    "I've had a steer from {w} that {n} matters more than {r} right now. Can you {a}, leaving {r} as it is?",
    "Might I suggest we park {r}? {W_poss} request to {a} has jumped the queue.",
    "Given that {why}, there's little point pressing on with {r}. What I'd find far more useful is if you could {a}.",
    "Would you be so kind as to {a}? {R} is going nowhere until {pending}, so it's fine to leave it.",
    "Do let {r} rest for today. What I need by {deadline} is for you to {a}.",
    "Forget {r} for the time being; could you {a}?",
    "Between ourselves, {r} has lost its sponsor. Could you use the time to {a}?",
)
SWITCH_BULLETS: tuple[str, ...] = (
    "Revised priorities for the rest of today:\n1. {A}\n2. {R}: parked until further notice",
    "Updated list, per {w}:\n- {n}: please {a} (urgent)\n- {r}: on hold",
    "Where we are:\n- {R} - no further work for now\n- New: {a}, ideally by {deadline}",
    "Plan for this afternoon, if you'd be so kind:\n* {a}\n* leave {r} as it stands",
)
SWITCH_FORWARDS: tuple[str, ...] = (
    "Please see the note below from {name}. Given that, could you park {r} and pick this up?\n\n---------- Forwarded message ----------\nFrom: {name}\nSubject: {subj_new}\n\nCould someone {a} as soon as possible? It's needed for {deadline}.",
    "Forwarding for action. {R} will have to take a back seat.\n\n-----Original Message-----\nFrom: {name}\nSent: {day}\nSubject: RE: {subj_new}\n\nHi, the FD would like us to {a} before {deadline}. Can your side take it?\n\nThanks",
    "See below. I'm afraid this trumps {r}, which can sit where it is.\n\n> From: {name}\n> We need to {a}, and quickly. Who can do it?",
)
SWITCH_CLOSERS = (
    "Happy to discuss if helpful.",
    "Thanks ever so much.",
    "Shout if anything is unclear.",
    "Many thanks in advance.",
    "Do ask if you need the background documents.",
    "I appreciate the flexibility.",
    "Sorry for the disruption.",
    "Thanks for bearing with the chopping and changing.",
)
SWITCH_HEDGES = (
    "Apologies for the change of direction.",
    "I appreciate this is something of a U-turn.",
    "Sorry to mess you around.",
    "I'm sorry to do this to you.",
    "Bear with me on this one.",
)

# ---------------------------------------------------------------- stop
STOP_CORES: tuple[str, ...] = (
    "It might be wise to put {r} on ice for now. {Why}.",
    "Please hold off on {r} until further notice.",
    "Per {w}, {r} is shelved for the time being. No further work is needed on it.",
    "The partners have decided not to proceed with {r}, so please down tools.",
    "Let's leave {r} there for now.",
    "I'd be grateful if you could set {r} aside for the moment; {why}.",
    "We're going to park {r} pending {pending}.",
    "Thank you for the work so far on {r}, but we won't be needing it after all: {why}.",
    "Could you pause there, please? I need to check a couple of points with {w} before you go any further on {r}.",
    "Please don't take {r} any further.",
    "{R} is no longer required. Apologies for the wasted effort.",
    "Let's call time on {r}. {Why}.",
    "We'll need to put a pin in {r}; {why}.",
    "On {w_poss} instruction, {r} is cancelled with immediate effect.",
    "Hold everything on {r}, please. {Why}.",
    "I think we should draw a line under {r} for today.",
    "Can I ask you to stand down on {r}? It's been overtaken by events.",
    "{R} has been put on hold by {w}. I'll let you know if and when it's revived.",
    "Please leave {r} as it stands; we won't be taking it forward.",
    "No need to continue with {r}: {why}.",
    "I'm afraid {r} has been pulled. Nothing further is needed from you on it.",
    "We're not in a position to progress {r} at present, so please bring it to a halt.",
    "Let's not go any further with {r} until we've had a chance to regroup.",
    "Kindly suspend work on {r} pending {pending}.",
    "Please treat {r} as on hold. I'll come back to you.",
    "{W} would like us to freeze {r} until the new financial year.",
    "That's enough on {r} for now, thank you. Let's leave it there.",
    "Sorry to do this, but please stop where you are on {r}.",
    "We've decided to mothball {r}.",
    "Let's hit pause on {r} while things settle.",
    "Please don't do anything more on {r}; {w} {wants} to revisit the scope first.",
    "Could we halt {r}? {Why}.",
    "Scrap {r}, I'm afraid. {Why}.",
    "I'm withdrawing the request for {r}. Many thanks all the same.",
    "{W} {has} asked me to pull the plug on {r}, at least for this quarter.",
    "Given that {why}, I'd rather we didn't sink any more time into {r}.",
    "Would you mind parking {r}? {Why}, so there's no sense carrying on.",
    "You can close the file on {r}; it's been taken off the table.",
)
STOP_BARE: tuple[str, ...] = (
    "Could you put your pen down on the current piece for now?",
    "Let's park that, please.",
    "Please leave that with me for now; no need to carry on.",
    "That can wait indefinitely. Let's leave it there.",
    "Actually, let's not proceed with this at all.",
    "Please hold it there. {Why}.",
    "We'll leave it at that for today, thank you.",
    "On second thoughts, don't go any further with this.",
    "Let's put the whole thing on hold.",
    "I'd rather you paused here, if that's all right. {Why}.",
)
STOP_BULLETS: tuple[str, ...] = (
    "Status for today:\n- {R}: on hold (per {w})\n- Nothing else for you at the moment.",
    "Quick summary of where we've landed:\n1. {R} is paused pending {pending}\n2. No action needed from you in the meantime",
    "Update following the call:\n* {r} - shelved\n* I'll revert once we have clarity",
)
STOP_FORWARDS: tuple[str, ...] = (
    "FYI, see below. In light of this, please pause {r}.\n\n---------- Forwarded message ----------\nFrom: {name}\nSubject: {subj}\n\nWe're pulling the plug on this for now. No more hours on it until I say so.",
    "Forwarding {name}'s note. I think it speaks for itself, so let's leave {r} there.\n\n-----Original Message-----\nFrom: {name}\nSent: {day}\nSubject: RE: {subj}\n\nAll, please note this is on hold with immediate effect while we reconsider.",
    "Please see below and take no further action on {r}.\n\n> From: {name}\n> Subject: {subj}\n> The decision has been taken not to go ahead. Thanks, everyone, for the effort so far.",
)
STOP_CLOSERS = (
    "I'll be in touch once we have clarity.",
    "Apologies for the change of heart.",
    "Thanks for your understanding.",
    "No action is needed from you beyond that.",
    "I'll revert when I know more.",
    "We may revisit it next quarter.",
    "I appreciate your efforts to date.",
    "Sorry it's been a bit of a wasted exercise.",
    "Nothing further needed today.",
)
STOP_HEDGES = (
    "I'm sorry to do this after all your work.",
    "This is not what I'd hoped to be writing.",
    "Bit of a frustrating one, I'm afraid.",
    "I'll keep this brief.",
    "Not the news you want, I know.",
)

# ---------------------------------------------------------------- resume
RESUME_CORES: tuple[str, ...] = (
    "Let us circle back to {s}.",
    "Now that {c} is wrapped up, could we pick {s} back up from where we left it?",
    "Good news: {w} {has} given {s} the green light again, so please carry on from where you paused.",
    "Per {w}, {s} is back on the agenda. Please take it forward from the point we stopped.",
    "The hold on {s} has been lifted; do continue with it.",
    "Could you dust off {s}? {Rwhy}.",
    "Returning to {s}: please resume from wherever you'd got to.",
    "{S} is live again, I'm pleased to say. Carry on as before.",
    "Let's revisit {s} now. {Rwhy}, so we're clear to proceed.",
    "Thanks for turning {c} round so quickly. Shall we get back to {s}?",
    "I'd be grateful if you could reopen {s} and see it through.",
    "Please pick up the threads of {s} again.",
    "We're back on with {s}. Same brief as before.",
    "The freeze on {s} is over, so let's get it over the line.",
    "Can we return to {s}? {C} can stay as it is.",
    "Right, {c} is in good shape. Back to {s}, please, picking up where you left off.",
    "The partners have now decided to proceed with {s} after all. Please resume.",
    "{S}, the one we parked, is a go again. Please continue.",
    "Let's take {s} off ice.",
    "Further to my earlier note, the pause on {s} no longer applies. Please continue where you stopped.",
    "Could we resurrect {s}? {W} {wants} it after all.",
    "Where had we got to on {s}? Let's pick it up again.",
    "Please leave {c} there and resume {s}.",
    "As promised, I'm coming back to you on {s}: we can proceed. Please carry on from the last draft.",
    "{S} has been reinstated. Could you carry it on?",
    "Time to bring {s} back into play. Please continue with it.",
    "It's back to {s}, I'm afraid; {w} {needs} it after all.",
    "{Rwhy}, so {s} can come off hold. Please carry on from where you left it.",
    "With {c} done and dusted, I'd like to return to {s}.",
    "Would you be able to resume {s} now? {Rwhy}.",
    "I think we can safely unpark {s}. Please take it from where you stopped.",
    "Happily, {s} is no longer on hold. Do carry on.",
    "Let's reinstate {s} as your main focus; please continue it from the last point.",
)
RESUME_BULLETS: tuple[str, ...] = (
    "Plan for the afternoon:\n- {C}: done, thank you\n- {S}: please resume from where we paused",
    "Next steps:\n1. Leave {c} as it is\n2. Back to {s}, picking up where you left off",
    "Update:\n* {s} is back on (per {w})\n* carry on from the last version",
)
RESUME_FORWARDS: tuple[str, ...] = (
    "See below: we're good to go again on {s}. Please carry on.\n\n---------- Forwarded message ----------\nFrom: {name}\nSubject: {subj_s}\n\nHappy for that work to restart now. Sorry for the delay.",
    "Good news from {name}, below. Could you resume {s}?\n\n-----Original Message-----\nFrom: {name}\nSent: {day}\nSubject: RE: {subj_s}\n\nThe hold is lifted. Please proceed as originally planned.",
)
RESUME_CLOSERS = (
    "Thanks for bearing with us.",
    "Appreciate your patience on this one.",
    "Apologies for the stop-start.",
    "Same deadline as before, if that's manageable.",
    "Many thanks.",
    "Shout if you need a refresher on the brief.",
)
RESUME_HEDGES = (
    "Apologies for the back and forth.",
    "You'll be glad to hear this.",
    "Finally, some movement.",
    "Thank you for that last piece.",
)

# ---------------------------------------------------------------- reply
ANSWER_LEADS = (
    "To answer your question,",
    "In response to your query:",
    "On your question:",
    "Good question.",
    "Re your query:",
    "",
    "Happy to confirm:",
    "Apologies, I should have said:",
    "Sorry, to clarify:",
    "In answer to that,",
)
DETAIL_LEADS = (
    "For context,",
    "It's worth knowing that",
    "One more thing:",
    "FYI,",
    "Just so you're aware,",
    "Something I forgot to mention:",
    "",
    "By way of background,",
    "A point to bear in mind:",
)
CORRECTION_LEADS = (
    "Apologies, a correction:",
    "Sorry, I misspoke earlier:",
    "Small correction:",
    "My mistake:",
    "Correction to my earlier message:",
    "Sorry, one fix:",
    "Please note a correction:",
)
ADDON_LEADS = (
    "",
    "Also,",
    "In addition,",
    "If it's not too much trouble,",
    "As part of the same piece,",
    "While you're at it,",
    "One addition:",
)
LOOK_LEADS = (
    "",
    "",
    "One more point:",
    "Also,",
    "For the draft,",
    "A small addition:",
    "On reflection,",
    "Small thing:",
    "When you get to it,",
)
STATUS_QS: tuple[str, ...] = (
    "How are you getting on with {r}?",
    "Could you give me a rough ETA on {r}?",
    "Is {r} on track for {deadline}?",
    "Any blockers on {r} I should know about?",
    "Where have you got to with {r}? {W} {is} asking.",
    "Just checking in: roughly how much of {r} is done?",
    "Are you comfortable with the scope of {r}, or do you need anything from me?",
    "When might I see a first draft of {r}?",
    "Is there anything you're waiting on from my side for {r}?",
    "Do you think {r} will be ready before {deadline}, or should I manage expectations?",
)
ACKS: tuple[str, ...] = (
    "Many thanks, this is shaping up nicely. Please carry on.",
    "Thank you, that's exactly what I was after. Do keep going.",
    "Noted, thanks. Nothing further from me at this stage.",
    "Looks good so far; please continue.",
    "Appreciated. No changes from me on {r} yet.",
    "That's helpful, thank you. Carry on as you are.",
    "Great, thanks. I'll review {r} properly once it's complete.",
    "Received with thanks. I'll share it with {w} when it's done.",
    "Thanks for the update on {r}. Proceed as planned.",
    "Perfect, please press on.",
)
GENERIC_LOOKALIKES: tuple[str, ...] = (
    "Wherever the draft says 'cancel', please use 'terminate'; the lawyers prefer it.",
    "Don't stop at the summary. I'd like the detail underneath as well.",
    "No need to pause for my sign-off on each section; keep going and I'll review the whole thing.",
    "Could you switch the figures to thousands rather than full pounds throughout?",
    "Go back to the introduction when you're done and tighten it up.",
    "Use a table instead of bullet points for the key risks.",
    "Kill the second chart; it duplicates the first.",
    "Let's switch to American spelling throughout, as this is going to the New York office.",
    "Hold the numbering as it is, please; Legal cross-refer to it.",
    "Resume the numbering from 1 in each appendix.",
    "Don't hold back on the criticisms; the reader wants candour.",
    "Could you drop the footnotes into an endnote section?",
    "Feel free to stop and ask if anything is unclear, but otherwise carry on.",
    "Back up each finding with a source reference, please.",
    "Please don't halt the drafting to chase me on small points; just note them and move on.",
    "Put a 'back to contents' link at the foot of each page.",
    "Drop the executive summary down to half a page.",
)
CROSSTALK: tuple[str, ...] = (
    "For what it's worth, {w} {has} put {o} on hold, but that has no bearing on {r}, so please carry on.",
    "Unrelated, but {o} went back to {w} this morning. Nothing changes for {r}; keep going.",
    "I hear {o} has been cancelled by another team. Not our concern; {r} continues as planned.",
    "Just so you know, {o} has stalled on someone else's desk. That doesn't affect {r} at all.",
    "No need to switch anything on your side: the pause on {o} is someone else's problem, and {r} stays as it is.",
)
REPLY_CLOSERS = (
    "Thanks.",
    "Many thanks.",
    "Otherwise, carry on as you are.",
    "Otherwise all good.",
    "Hope that helps.",
    "Thank you.",
    "",
    "",
)

# ---------------------------------------------------------------- register noise
ABBREVIATIONS: tuple[tuple[str, str], ...] = (
    (r"\bplease\b", "pls"),
    (r"\bPlease\b", "Pls"),
    (r"\bthanks\b", "thx"),
    (r"\bThanks\b", "Thx"),
    (r"\bas soon as possible\b", "asap"),
    (r"\bclose of play\b", "COP"),
    (r"\bend of the day\b", "EOD"),
    (r"\bfor your information\b", "FYI"),
    (r"\bmeeting\b", "mtg"),
    (r"\btomorrow\b", "tmrw"),
    (r"\binformation\b", "info"),
    (r"\bwith\b", "w/"),
    (r"\bbecause\b", "b/c"),
    (r"\bregards\b", "rgds"),
    (r"\bdocuments\b", "docs"),
    (r"\bthe end of the week\b", "EOW"),
    (r"\bmanagement\b", "mgmt"),
)
FOOTERS = (
    "Sent from my iPhone",
    "Sent from Outlook for Android",
    "Sent from my BlackBerry 10 smartphone",
    "Get Outlook for iOS",
)
DAYS = (
    "Monday 3 March 2025 09:14",
    "Tuesday 11 February 2025 17:42",
    "Wednesday 8 January 2025 11:05",
    "Thursday 17 October 2024 08:31",
    "Friday 22 November 2024 16:58",
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


PROPER = {
    "Harrow",
    "Corvane",
    "Pemberton",
    "Aldermoor",
    "Nimbus",
    "Concur",
    "Finance",
    "Legal",
    "Operations",
    "Procurement",
    "Azure",
    "Rackfield",
    "Sunita",
    "Compliance",
    "Internal",
    "Brightwater",
    "Softcat",
    "Dell",
    "Lenovo",
    "Leeds",
    "Bristol",
    "Eleanor's",
}


def _uncap(text: str) -> str:
    """Lower-cases the first letter unless the first word is a name, an acronym or 'I'."""
    if not text:
        return text
    first = text.split(" ", 1)[0].rstrip(",:;")
    if (
        first in PROPER
        or first in {"I", "I'd", "I'm", "I've"}
        or (len(first) > 1 and first[1:2].isupper())
    ):
        return text
    return text[:1].lower() + text[1:]


def _gerund(vp: str) -> str:
    """'draft the memo' -> 'drafting the memo' (enough for the verbs used here)."""
    verb, _, rest = vp.partition(" ")
    irregular = {
        "run": "running",
        "put": "putting",
        "write": "writing",
        "prepare": "preparing",
        "analyse": "analysing",
        "compile": "compiling",
        "summarise": "summarising",
        "reconcile": "reconciling",
        "do": "doing",
        "review": "reviewing",
        "draw": "drawing",
        "develop": "developing",
        "plan": "planning",
    }
    if verb in irregular:
        ing = irregular[verb]
    elif verb.endswith("e") and not verb.endswith("ee"):
        ing = verb[:-1] + "ing"
    else:
        ing = verb + "ing"
    return f"{ing} {rest}".strip()


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^0-9a-z£%]+", " ", text.lower()).split())


class _Writer:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._subject = ""

    # ---- small helpers
    def _pick(self, pool: tuple[str, ...]) -> str:
        return self.rng.choice(pool)

    def _who(self) -> dict[str, str]:
        name, plural = self.rng.choice(WHO)
        return {
            "w": name,
            "W": _cap(name),
            "W_poss": _cap(name + ("'" if name.endswith("s") else "'s")),
            "w_poss": name + ("'" if name.endswith("s") else "'s"),
            "W_they": "They"
            if plural
            or name.startswith(
                (
                    "the exec",
                    "the steering",
                    "the board",
                    "the deal",
                    "Finance",
                    "Procurement",
                    "the partners",
                    "the client",
                )
            )
            else self.rng.choice(("They", "He", "She")),
            "has": "have" if plural else "has",
            "wants": "want" if plural else "wants",
            "needs": "need" if plural else "needs",
            "is": "are" if plural else "is",
        }

    def _why(self, task: Task) -> str:
        return self._pick(task.whys) if self.rng.random() < 0.4 else self._pick(WHYS)

    def _ref(self, task: Task, anaphora: tuple[str, ...], p_anaphora: float) -> str:
        if self.rng.random() < p_anaphora:
            return self._pick(anaphora)
        return self._pick(task.refs)

    def _fill(self, template: str, vals: dict[str, str]) -> str:
        return template.format(**vals)

    def _compose(self, segments: list[str], email_p: float = 0.35) -> str:
        segments = [s for s in segments if s]
        multiline = any("\n" in s for s in segments)
        roll = self.rng.random()
        if roll < email_p:
            body = (
                "\n\n".join(segments)
                if multiline or self.rng.random() < 0.4
                else " ".join(segments)
            )
            parts = [self._pick(GREETINGS), body]
            if self.rng.random() < 0.8:
                parts.append(self._pick(SIGNOFFS))
            if self.rng.random() < 0.25:
                subj = "Subject: " + self.rng.choice(("RE: ", "FW: ", "", "Re: ")) + self._subject
                parts.insert(0, subj)
            return "\n\n".join(parts)
        return ("\n\n" if multiline else " ").join(segments)

    def _noise(self, text: str) -> str:
        if self.rng.random() > 0.33:
            return text
        ops: list[Callable[[str], str]] = [
            self._lower,
            self._abbrev,
            self._typo,
            self._footer,
            self._nopunct,
        ]
        for op in self.rng.sample(ops, self.rng.choice((1, 1, 2, 2, 3))):
            text = op(text)
        return text

    def _lower(self, text: str) -> str:
        return text.lower()

    def _abbrev(self, text: str) -> str:
        for pattern, repl in ABBREVIATIONS:
            if self.rng.random() < 0.7:
                text = re.sub(pattern, repl, text)
        return text

    def _typo(self, text: str) -> str:
        words = [m for m in re.finditer(r"[A-Za-z]{6,}", text)]
        if not words:
            return text
        m = self.rng.choice(words)
        w = m.group(0)
        i = self.rng.randrange(1, len(w) - 2)
        how = self.rng.random()
        if how < 0.5:
            w2 = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
        elif how < 0.8:
            w2 = w[:i] + w[i + 1 :]
        else:
            w2 = w[:i] + w[i] + w[i:]
        return text[: m.start()] + w2 + text[m.end() :]

    def _footer(self, text: str) -> str:
        return text + "\n\n" + self._pick(FOOTERS)

    def _nopunct(self, text: str) -> str:
        return text.rstrip(".!") if "\n" not in text[-30:] else text

    # ---- the four kinds
    def switch(self) -> tuple[str, Task, Task | None, str]:
        cur = self.rng.choice(TASKS)
        if self.rng.random() < 0.3:
            a, n = self.rng.choice(ADHOC)
            subj_new = _cap(n.removeprefix("the "))
        else:
            tgt = self.rng.choice([t for t in TASKS if t.key != cur.key])
            a, n = tgt.ask, self._pick(tgt.refs)
            subj_new = tgt.subj
        self._subject = cur.subj if self.rng.random() < 0.5 else subj_new
        r = self._ref(cur, CUR_ANAPHORA, 0.15)
        vals = {
            "r": r,
            "R": _cap(r),
            "a": a,
            "A": _cap(a),
            "a_ing": _gerund(a),
            "n": n,
            "N": _cap(n),
            "why": self._why(cur),
            "pending": self._pick(PENDING),
            "deadline": self._pick(DEADLINES),
            "name": self._pick(NAMES),
            "subj_new": subj_new,
            "day": self._pick(DAYS),
            **self._who(),
        }
        vals["Why"] = _cap(vals["why"])
        roll = self.rng.random()
        segs: list[str] = []
        if roll < 0.1:
            core = self._fill(self._pick(SWITCH_BULLETS), vals)
        elif roll < 0.2:
            core = self._fill(self._pick(SWITCH_FORWARDS), vals)
        else:
            tpl = self._pick(SWITCH_CORES)
            core = self._fill(tpl, vals)
            if "{why}" not in tpl and "{Why}" not in tpl and self.rng.random() < 0.35:
                segs.append(
                    self._pick(
                        (
                            "{Why}.",
                            "The background is that {why}.",
                            "For context, {why}.",
                            "I'm told {why}.",
                            "Long story short, {why}.",
                            "To give you the full picture: {why}, and nobody wants more time spent until that's resolved.",
                        )
                    ).format(**vals)
                )
        if self.rng.random() < 0.3:
            segs.insert(0, self._pick(OPENERS))
        if self.rng.random() < 0.25:
            segs.insert(0 if not segs else 1, self._pick(SWITCH_HEDGES))
        segs.append(core)
        if self.rng.random() < 0.35:
            segs.append(self._pick(SWITCH_CLOSERS))
        return self._noise(self._compose(segs)), cur, None, "switch"

    def stop(self) -> tuple[str, Task, Task | None, str]:
        cur = self.rng.choice(TASKS)
        self._subject = cur.subj
        r = self._ref(cur, CUR_ANAPHORA, 0.12)
        vals = {
            "r": r,
            "R": _cap(r),
            "why": self._why(cur),
            "pending": self._pick(PENDING),
            "name": self._pick(NAMES),
            "subj": cur.subj,
            "day": self._pick(DAYS),
            **self._who(),
        }
        vals["Why"] = _cap(vals["why"])
        roll = self.rng.random()
        segs: list[str] = []
        if roll < 0.08:
            core = self._fill(self._pick(STOP_BULLETS), vals)
        elif roll < 0.16:
            core = self._fill(self._pick(STOP_FORWARDS), vals)
        elif roll < 0.26:
            core = self._fill(self._pick(STOP_BARE), vals)
        else:
            tpl = self._pick(STOP_CORES)
            core = self._fill(tpl, vals)
            if "{why}" not in tpl and "{Why}" not in tpl and self.rng.random() < 0.4:
                segs.append(
                    self._pick(
                        (
                            "{Why}.",
                            "The reason is that {why}.",
                            "For context, {why}.",
                            "As I understand it, {why}.",
                            "In short, {why}, and until that changes there's no point investing more time.",
                            "I won't bore you with the politics, but essentially {why}.",
                        )
                    ).format(**vals)
                )
        if self.rng.random() < 0.3:
            segs.insert(0, self._pick(OPENERS))
        if self.rng.random() < 0.2:
            segs.insert(0 if not segs else 1, self._pick(STOP_HEDGES))
        segs.append(core)
        if self.rng.random() < 0.4:
            segs.append(self._pick(STOP_CLOSERS))
        return self._noise(self._compose(segs)), cur, None, "stop"

    def resume(self) -> tuple[str, Task, Task | None, str]:
        stopped = self.rng.choice(TASKS)
        cur = self.rng.choice([t for t in TASKS if t.key != stopped.key])
        self._subject = stopped.subj
        s = self._ref(stopped, STOPPED_ANAPHORA, 0.12)
        c = self._pick(cur.refs)
        rwhy = self._pick(RESUME_WHYS)
        vals = {
            "s": s,
            "S": _cap(s),
            "c": c,
            "C": _cap(c),
            "rwhy": rwhy,
            "Rwhy": _cap(rwhy),
            "name": self._pick(NAMES),
            "subj_s": stopped.subj,
            "day": self._pick(DAYS),
            **self._who(),
        }
        roll = self.rng.random()
        segs: list[str] = []
        tpl = ""
        if roll < 0.08:
            core = self._fill(self._pick(RESUME_BULLETS), vals)
        elif roll < 0.14:
            core = self._fill(self._pick(RESUME_FORWARDS), vals)
        else:
            tpl = self._pick(RESUME_CORES)
            core = self._fill(tpl, vals)
            if "{c}" not in tpl and "{C}" not in tpl and self.rng.random() < 0.3:
                segs.append(
                    self._pick(
                        (
                            "Thanks, {c} looks fine as it is.",
                            "{C} is now with the reviewers, so that's done.",
                            "Great work on {c}; that can stay as it is.",
                            "{C} has gone out, thank you.",
                        )
                    ).format(**vals)
                )
        after: list[str] = []
        if tpl and "rwhy" not in tpl.lower() and self.rng.random() < 0.3:
            after.append(
                self._pick(
                    (
                        "{Rwhy}.",
                        "The background: {rwhy}.",
                        "I'm pleased to say {rwhy}.",
                        "You'll recall we paused it; {rwhy}.",
                    )
                ).format(**vals)
            )
        if self.rng.random() < 0.25:
            segs.insert(0, self._pick(OPENERS))
        if self.rng.random() < 0.15:
            segs.insert(0 if not segs else 1, self._pick(RESUME_HEDGES))
        segs.append(core)
        segs.extend(after)
        if self.rng.random() < 0.3:
            segs.append(self._pick(RESUME_CLOSERS))
        return self._noise(self._compose(segs)), cur, stopped, "resume"

    def reply(self, lookalike: bool) -> tuple[str, Task, Task | None, str]:
        cur = self.rng.choice(TASKS)
        self._subject = cur.subj
        r = self._ref(cur, ("this", "this piece"), 0.08)
        other = self.rng.choice([t for t in TASKS if t.key != cur.key])
        o = self._pick(other.refs)
        vals = {
            "r": r,
            "R": _cap(r),
            "o": o,
            "O": _cap(o),
            "deadline": self._pick(DEADLINES),
            "name": self._pick(NAMES),
            "subj": cur.subj,
            "day": self._pick(DAYS),
            **self._who(),
        }
        segs: list[str] = []
        if lookalike:
            sub = "lookalike"
            roll = self.rng.random()
            look = (
                self._pick(cur.lookalikes)
                if self.rng.random() < 0.72
                else self._pick(GENERIC_LOOKALIKES)
            )
            if roll < 0.1:
                segs.append(self._fill(self._pick(CROSSTALK), vals))
            elif roll < 0.2:
                segs.append(
                    f"Forwarding this from {vals['name']} for {r}:\n\n> {look}\n\nPlease work it in."
                )
            elif roll < 0.3:
                head = self._pick(
                    (
                        "Per {w}: ",
                        "{W} {has} asked for one addition to {r}: ",
                        "Following the review with {w}, one change: ",
                        "Feedback from {w} on {r}: ",
                    )
                )
                segs.append(
                    head.format(**vals) + (look if head.startswith("Per") else _uncap(look))
                )
            elif roll < 0.4:
                second = self._pick(
                    tuple(x for x in cur.lookalikes + cur.details + cur.addons if x != look)
                )
                segs.append(
                    f"{self._pick(('A couple of points on ' + r + ':', 'Notes on ' + r + ':', 'Two things:'))}\n- {look}\n- {second}"
                )
            elif roll < 0.52:
                segs.append(
                    self._pick(
                        (
                            "Looks good so far. One addition:",
                            "Nice progress.",
                            "Thanks, this is coming along.",
                            "Good start.",
                        )
                    )
                    + " "
                    + look
                )
            elif roll < 0.62:
                segs.append(f"Re {r}: {_uncap(look)}")
            else:
                lead = self._pick(LOOK_LEADS)
                segs.append(f"{lead} {_uncap(look) if lead.endswith(',') else look}".strip())
            if self.rng.random() < 0.3:
                segs.append(self._pick(REPLY_CLOSERS))
        else:
            sub = self.rng.choices(
                ("answer", "detail", "correction", "addon", "status", "ack"),
                weights=(24, 20, 18, 14, 14, 10),
            )[0]
            if sub == "answer":
                lead = self._pick(ANSWER_LEADS)
                ans = self._pick(cur.answers)
                segs.append(f"{lead} {_uncap(ans) if lead.endswith(',') else ans}".strip())
            elif sub == "detail":
                lead = self._pick(DETAIL_LEADS)
                det = self._pick(cur.details)
                segs.append(
                    f"{lead} {_uncap(det) if lead.endswith((',', 'that')) else det}".strip()
                )
            elif sub == "correction":
                lead = self._pick(CORRECTION_LEADS)
                segs.append(f"{lead} {self._pick(cur.corrections)}")
            elif sub == "addon":
                lead = self._pick(ADDON_LEADS)
                add = self._pick(cur.addons)
                if lead:
                    add = add.replace(" also ", " ")
                segs.append(f"{lead} {_uncap(add) if lead.endswith(',') else add}".strip())
                if self.rng.random() < 0.4:
                    segs.append(
                        self._pick(
                            (
                                "No rush; it can come with the rest.",
                                "Everything else as before.",
                                "Otherwise, carry on.",
                            )
                        )
                    )
            elif sub == "status":
                segs.append(self._fill(self._pick(STATUS_QS), vals))
            else:
                segs.append(self._fill(self._pick(ACKS), vals))
            if sub in {"answer", "detail", "correction"} and self.rng.random() < 0.3:
                segs.append(self._pick(REPLY_CLOSERS))
        if self.rng.random() < 0.2:
            segs.insert(0, self._pick(OPENERS))
        return self._noise(self._compose(segs, email_p=0.3)), cur, None, sub


def _generate(seed: int) -> list[tuple[dict[str, str | None], str]]:
    writer = _Writer(seed)
    out: list[tuple[dict[str, str | None], str]] = []
    seen: set[str] = set()
    for kind, wanted in PLAN:
        made = 0
        n_look = round(wanted * LOOKALIKE_SHARE) if kind == "reply" else 0
        for _ in range(wanted * 60):
            if made == wanted:
                break
            if kind == "switch":
                text, current, stopped, sub = writer.switch()
            elif kind == "stop":
                text, current, stopped, sub = writer.stop()
            elif kind == "resume":
                text, current, stopped, sub = writer.resume()
            else:
                text, current, stopped, sub = writer.reply(made < n_look)
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                (
                    {
                        "kind": kind,
                        "text": text,
                        "current_task": current.first,
                        "stopped_task": stopped.first if stopped else None,
                    },
                    sub,
                )
            )
            made += 1
        if made < wanted:
            raise RuntimeError(f"corpus o: only {made} distinct {kind} cases for seed {seed}")
    writer.rng.shuffle(out)
    return out


def generate(seed: int) -> list[dict[str, str | None]]:
    """Returns the 600 labelled cases for ``seed`` (see the module docstring), shuffled."""
    return [case for case, _ in _generate(seed)]


TEMPLATE_POOLS: dict[str, tuple[str, ...]] = {
    "switch": SWITCH_CORES + SWITCH_BULLETS + SWITCH_FORWARDS,
    "stop": STOP_CORES + STOP_BARE + STOP_BULLETS + STOP_FORWARDS,
    "resume": RESUME_CORES + RESUME_BULLETS + RESUME_FORWARDS,
    "reply": STATUS_QS + ACKS + GENERIC_LOOKALIKES + CROSSTALK,
}


if __name__ == "__main__":
    tagged = _generate(0)
    cases = [c for c, _ in tagged]
    print(len(cases), dict(Counter(c["kind"] for c in cases)))
    norms = Counter(_norm(c["text"] or "") for c in cases)
    kinds_per_text: dict[str, set[str]] = {}
    for c in cases:
        kinds_per_text.setdefault(_norm(c["text"] or ""), set()).add(c["kind"] or "")
    print(
        "distinct normalised texts:",
        len(norms),
        "| texts under two kinds:",
        sum(len(v) > 1 for v in kinds_per_text.values()),
    )
    print(
        "tasks:",
        len(TASKS),
        "| domains:",
        len({t.domain for t in TASKS}),
        "| ad hoc switch targets:",
        len(ADHOC),
        "| kind templates:",
        {k: len(v) for k, v in TEMPLATE_POOLS.items()},
        "| per-task reply sentences:",
        sum(
            len(t.answers) + len(t.details) + len(t.corrections) + len(t.addons) + len(t.lookalikes)
            for t in TASKS
        ),
    )
    subs = Counter(sub for c, sub in tagged if c["kind"] == "reply")
    print("reply subtypes:", dict(subs), f"| look-alike share: {subs['lookalike'] / 180:.2f}")
    assert all(c["stopped_task"] for c in cases if c["kind"] == "resume")
    assert all(c["stopped_task"] is None for c in cases if c["kind"] != "resume")
    assert all(c["stopped_task"] != c["current_task"] for c in cases if c["kind"] == "resume")
    assert generate(0) == cases, "not deterministic"
    other = generate(1)
    print(
        "seed 0 vs seed 1 shared texts:",
        len({c["text"] for c in cases} & {c["text"] for c in other}),
    )
    sampler = random.Random(1)
    for kind in KINDS:
        print(f"\n== {kind} ==")
        for c in sampler.sample([c for c in cases if c["kind"] == kind], 10):
            stopped = f"  [stopped: {(c['stopped_task'] or '')[:50]}]" if c["stopped_task"] else ""
            print(f"- {c['text']!r}\n    [current: {(c['current_task'] or '')[:50]}]{stopped}")
