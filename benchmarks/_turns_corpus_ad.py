# ruff: noqa: E501
"""Held-out corpus ``ad`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of finance, legal, HR and compliance
professionals (financial controllers, in-house counsel, company secretaries, reward and
payroll leads, tax and compliance officers, deal teams) who steer an assistant through
careful, hedged e-mail. Opened while writing: only lines 1-66 of
``benchmarks/_turns_corpus_t.py`` (its docstring, imports and ``KINDS``) and lines 1084-1141
of the same file (its ``generate`` function and ``__main__`` self-check), to copy the
interface; none of its wording is reused. NOT opened, grepped, listed or run: anything under
``src/``, ``tests/`` or ``benchmarks/results/``, every other ``benchmarks/_turns_corpus_*.py``
file (nor the middle of ``_turns_corpus_t.py``), any ``bench_*.py`` script,
``train_turn_model.py``, ``turns_model_loco.py`` and ``turn_features_loco.py``, and
``/work/shared``. packlight was never imported and no classifier or benchmark was run on this
corpus; do not tune this file against a classifier's output.

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

- 34 finance / legal / HR / compliance tasks, each with concrete names, ids and amounts:
  the £48,200 Northbridge (entity 214) accruals gap, PwC's PBC item 37 (25 Leeds asset
  additions), the Halden Logistics MSA v4 redline (clause 12.2 cap), the 2025 T&E policy,
  Marta Kowalczyk's (E-20931) missing overtime, the Q3 board pack CFO commentary, the Project
  Kestrel red-flag report on Fennick Controls GmbH, a €312,450 UK/Ireland intercompany break,
  IFRS 16 schedules for Bristol and Leeds, the Q3 VAT return, the Brightwater Capital NDA,
  Daniel Okafor's DSAR, Gareth Pryce's settlement agreement, the sales bonus accrual at 62%,
  an IFRS 15 memo on Solvex, the Kaspian Trading FZE sanctions hit, 14 flagged card
  transactions, a 13-week cash forecast against the £25m RCF, nine EMI grants, the Speak Up
  policy, the Ostara Cloud auto-renewal, the Wexford CGU impairment test, the Arnhem
  Components B.V. local file, pensions re-enrolment, 3 October Audit Committee minutes, the
  gifts and hospitality register, Corvane's letter before action on INV-88213, the FY26 HR
  budget, the hybrid working policy, the Barclays mandate, control P2P-07, REP-CRIM, the Marsh
  D&O questionnaire and batch 3 of the Project Linden Q&A.
- Each task carries nicknames, an imperative "do" phrase, a context-only report of the problem
  (no request in it), a question form that implies the work, an identifying detail used by
  resumes ("the £6,900 Milan dinner", "INV-88213") and six same-task replies, about half of
  them hard look-alikes in which stop / cancel / suspend / pause / drop / terminate / withdraw
  / instead / back / switch / hold are the task's own subject matter (a termination for
  convenience clause, a suspended payment, a paused share buyback, a cancelled contract, a
  back-up carve-out, "rather than ... could we ..." alternatives for the same task).
- Switch, stop and resume wording is mostly indirect and in a formal e-mail register: long
  hedged sentences ("in light of", "subject to", "for the avoidance of doubt", "we would be
  grateful if"), numbered points with the change of course in point 3, quoted partner e-mails
  and committee minutes, status tables, decisions reported from a partner or committee,
  hand-offs to colleagues and other teams, deferrals to a later cycle, giving up ("the numbers
  simply won't support it"), a new problem described by context only, and resumes that name
  the earlier task by nickname, by a detail, or not at all ("the other matter", "what we
  parked on Monday", "the one we paused"). Only a minority say stop / switch / instead /
  cancel literally. Generic replies mix plain answers, approvals, nudges, corrections and
  progress questions with look-alikes (questions about a parked task that do not resume it,
  "don't stop at the first discrepancy", "back now - where had you got to?").
- Seeded slot filling over 234 message templates (66 switch, 49 stop, 48 resume, 71
  reply) plus 204 task-specific replies, then e-mail register noise on some cases
  (greetings, sign-offs, a confidentiality footer, "Sent from my iPhone", all lowercase,
  dropped final full stop, double spaces, ``pls``, one letter-swap typo). Standard library
  only.

``python benchmarks/_turns_corpus_ad.py`` prints the self-check.
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
    """One piece of work the person asked the assistant for."""

    key: str
    ask: str  # the request as first made
    nicks: tuple[str, ...]  # noun phrases, lower-case "the ..." where natural
    do: str  # imperative phrase, lower-case, no final full stop
    ctx: str  # the problem described by context only, full sentence(s), no request
    q: str  # a question that implies the work, full sentence
    detail: str  # an identifying detail, noun phrase
    replies: tuple[str, ...]  # same-task replies (plain and look-alike)


_TASKS: tuple[Task, ...] = (
    Task(
        key="accruals",
        ask="Please reconcile the September accruals for Northbridge Ltd (entity 214) against the general ledger and list every variance above £5,000, with a short explanation for each.",
        nicks=(
            "the Northbridge accruals rec",
            "the entity 214 reconciliation",
            "the September accruals reconciliation",
        ),
        do="reconcile the September accruals for Northbridge (entity 214) to the GL and explain any variance over £5,000",
        ctx="Financial Control have flagged that the September accruals for Northbridge Ltd (entity 214) do not agree to the general ledger; the gap is about £48,200 and nobody has been able to explain it.",
        q="Would you be able to work out why the Northbridge September accruals are £48,200 adrift of the ledger?",
        detail="the £48,200 Northbridge gap",
        replies=(
            "The £48,200 is probably the Kelvin Facilities invoice that was accrued twice - could you check journal JNL-0914-332 first?",
            "Please treat anything under £5,000 as immaterial and do not list it, even if it looks odd.",
            "Please do not reverse the duplicate accrual yourself; propose the journal and I will post it once Tomasz has approved it.",
            "One of the accruals relates to the cancelled Halewood maintenance contract and should have been released in August. Please include it in your list with that explanation.",
            "Stop-loss? No - the 'SL' prefix on those account names stands for 'service liabilities'. Treat them like any other accrual.",
            "Could you also show the August comparative next to each variance?",
        ),
    ),
    Task(
        key="pbc37",
        ask="PwC have asked (PBC item 37) for support for a sample of 25 fixed asset additions at the Leeds plant. Please pull together the invoices, approvals and capitalisation dates for each one.",
        nicks=("PBC item 37", "the Leeds additions sample", "the fixed asset support for PwC"),
        do="assemble the invoices, approvals and capitalisation dates for PwC's sample of 25 Leeds fixed asset additions (PBC item 37)",
        ctx="PwC's audit senior has sent over a sample of 25 fixed asset additions at the Leeds plant under PBC item 37 and wants support for each of them by Wednesday.",
        q="Could you tell me what support we actually hold for the 25 Leeds asset additions PwC have sampled?",
        detail="the 25 items PwC picked at Leeds",
        replies=(
            "Item 14 on the sample is the conveyor refurbishment; the invoice is addressed to Leeds Plant Services Ltd rather than to us, which is fine, but please note it.",
            "If an approval is missing, please do not chase the budget holder directly. Flag it and I shall speak to Hamid.",
            "PwC have cancelled two items from the sample (8 and 19) as they fall below their threshold, so we are down to 23. Carry on with the rest.",
            "Where the capitalisation date is later than the invoice date, please add a one-line reason - they always ask.",
            "Could you put the support in one folder per item instead of a single combined PDF? It is easier for the audit team to tick.",
            "How many of the 25 have complete support so far?",
        ),
    ),
    Task(
        key="halden",
        ask="Please review Halden Logistics' redline of our Master Services Agreement (v4) and propose our responses, concentrating on the limitation of liability at clause 12.2 and the indemnities in clause 13.",
        nicks=("the Halden redline", "the Halden MSA", "the clause 12.2 markup"),
        do="review Halden Logistics' v4 redline of the MSA and propose responses on the clause 12.2 liability cap and the clause 13 indemnities",
        ctx="Halden Logistics have returned the Master Services Agreement (v4) with heavy changes to the liability cap at clause 12.2 and to the indemnities in clause 13.",
        q="How far can we go in accepting Halden's changes to the liability cap in clause 12.2 without referring back to the partner?",
        detail="the Halden cap point",
        replies=(
            "On clause 12.2 our fallback is a cap of 150% of annual fees, not 200%. Please do not offer more than that.",
            "Halden have struck out clause 14.3 (termination for convenience). We need the right to terminate on 90 days' notice to remain - please reinstate it with a comment.",
            "Where Halden have inserted 'suspend the Services', please push back: suspension should only be available for non-payment beyond 30 days.",
            "Please use comment bubbles rather than tracked changes for anything that is a question for the client.",
            "Their changes to clause 2 (definitions) are acceptable; accept those.",
            "Their proposed wording is: 'Neither party shall be liable for any loss of profit, howsoever arising.' We can live with that if 'direct' is inserted before 'loss'.",
        ),
    ),
    Task(
        key="tande",
        ask="Please update the Travel and Expenses Policy for 2025: the new per diem rates in section 4.3, the rail class rule in section 5 and the approvals matrix in Appendix B.",
        nicks=("the T&E policy update", "the expenses policy", "the 2025 travel policy"),
        do="update the 2025 Travel and Expenses Policy with the new per diem rates (section 4.3), the rail class rule and the Appendix B approvals matrix",
        ctx="HR have pointed out that the Travel and Expenses Policy still shows the 2023 per diem rates and the old approvals matrix, and employees are claiming against both versions.",
        q="What would the Travel and Expenses Policy need to say to bring the per diem rates and the approvals matrix up to date for 2025?",
        detail="the per diem rates in section 4.3",
        replies=(
            "The new UK per diem is £45 and the overseas rates follow the HMRC benchmark table; please refer to that table rather than copying it in.",
            "Section 4.3 should say that a claim is put on hold, not rejected, while a receipt is outstanding.",
            "Please add a line that trips can be cancelled without penalty if booked through Clarity Travel, and that otherwise the employee bears the cost.",
            "For Appendix B, anything over £2,500 requires Finance Director approval.",
            "Keep first-class rail for journeys over three hours; the partner was clear on that. Please don't drop it.",
            "Could you mark every change against the 2023 version so that the Policy Committee can see what has moved?",
        ),
    ),
    Task(
        key="payroll",
        ask="Marta Kowalczyk (employee E-20931) says her October pay was short: she was paid for 26 hours of overtime instead of 37.5. Please check the timesheets and work out what she is owed, including the knock-on effect on pension and NI.",
        nicks=("Marta's overtime query", "the E-20931 payroll query", "the October underpayment"),
        do="check Marta Kowalczyk's (E-20931) October timesheets against her payslip and calculate the overtime she is owed, with the pension and NI impact",
        ctx="Marta Kowalczyk in Warehouse Operations (E-20931) has raised a grievance that she was underpaid 11.5 hours of overtime in October.",
        q="Can you work out how much Marta Kowalczyk was actually underpaid in October, taking pension and NI into account?",
        detail="the 11.5 hours Marta is missing",
        replies=(
            "Her overtime rate is time and a half on weekdays and double time on Sundays; the 4.5 hours on 19 October were a Sunday.",
            "Please make sure the correction does not stop her salary-sacrifice pension contribution, which has to continue as normal.",
            "Marta has asked whether the arrears can go through the November payroll rather than a supplementary run. That is fine, so please assume November.",
            "Her manager paused overtime approvals for two weeks in October while he was on leave. That is probably the cause, but please confirm.",
            "Please do not contact Marta directly; all communication goes through Ngozi in HR.",
            "Is the NI effect material, or can we leave it out of the letter?",
        ),
    ),
    Task(
        key="boardpack",
        ask="Please draft the CFO commentary for the Q3 board pack (pages 4-7) for the 12 November board, covering revenue against budget, the margin bridge and the cash position.",
        nicks=("the Q3 board pack", "the CFO commentary", "the board pack commentary"),
        do="draft the CFO commentary for pages 4-7 of the Q3 board pack, covering revenue against budget, the margin bridge and cash",
        ctx="The company secretary has reminded us that the Q3 board pack goes out on 5 November and the CFO commentary on pages 4-7 has not yet been written.",
        q="Could you let me have some draft wording for the CFO section of the Q3 board pack on revenue, margin and cash?",
        detail="pages 4-7 for the 12 November board",
        replies=(
            "Revenue was £41.3m against a budget of £43.0m. Please lead with that and the two delayed contracts, not with margin.",
            "The margin bridge should run: Q2 margin, price, mix, input costs, FX, Q3 margin. Please keep to that order.",
            "Please avoid the word 'headwinds'; the Chair dislikes it.",
            "Mention that the share buyback was paused in August pending the refinancing - the board will expect to see that.",
            "The cancelled Dortmund contract (€2.1m) should be explained in one sentence, not a paragraph.",
            "Could you switch the cash chart from monthly to weekly for the last quarter? The board asked for more granularity.",
        ),
    ),
    Task(
        key="kestrel",
        ask="For Project Kestrel, please review the material contracts folder in the Fennick Controls GmbH data room and prepare a red-flag report on change of control, exclusivity and termination rights.",
        nicks=("the Kestrel red-flag report", "the Fennick data room review", "Project Kestrel"),
        do="go through the material contracts in the Fennick Controls data room (Project Kestrel) and prepare a red-flag report on change of control, exclusivity and termination",
        ctx="The Project Kestrel data room opened last night: Fennick Controls GmbH have uploaded 140 material contracts, and the deal team needs to know about change of control and exclusivity issues before Monday's call.",
        q="Which of Fennick Controls' material contracts in the Kestrel data room contain change-of-control or exclusivity provisions we ought to worry about?",
        detail="the Fennick change-of-control point",
        replies=(
            "Please start with the top 20 customer contracts by revenue; the index in folder 4.2 has the figures.",
            "Where a contract allows the customer to terminate on a change of control, please flag it red regardless of value.",
            "The Siemens framework agreement seems to have been suspended in 2023. Can you establish whether it was ever reinstated? It matters for the valuation.",
            "For the German-language contracts, summarise in English but quote the key clause in German.",
            "Please use a RAG rating and keep the comments to one line each.",
            "Don't stop at the main agreements - the side letters in 4.2.7 often carry the exclusivity terms.",
        ),
    ),
    Task(
        key="interco",
        ask="Please investigate the €312,450 mismatch between the intercompany balances of the UK (entity 101) and Ireland (entity 305) at 30 September and propose correcting entries.",
        nicks=("the UK/Ireland intercompany", "the 101/305 mismatch", "the intercompany break"),
        do="investigate the €312,450 intercompany mismatch between entity 101 (UK) and entity 305 (Ireland) at 30 September and propose correcting entries",
        ctx="The consolidation team cannot eliminate the intercompany balances between the UK (101) and Ireland (305): there is a difference of €312,450 at 30 September.",
        q="What is behind the €312,450 difference between the UK and Irish intercompany balances at 30 September?",
        detail="the €312,450 break",
        replies=(
            "Ireland books at the ECB rate and the UK at the Bloomberg close, so part of it will be FX; please quantify that element separately.",
            "The Q3 management recharge (€280,000) was invoiced by the UK on 29 September, but Ireland will not have booked it until October. Check that first.",
            "Please do not post anything to the Irish ledger; Aoife's team has to do that at their end.",
            "One of the invoices was cancelled and reissued in September - make sure you are not counting both.",
            "Instead of netting everything off, could you show the break invoice by invoice? The auditors prefer that.",
            "Cut-off is 30 September; anything dated 1 October or later stays out.",
        ),
    ),
    Task(
        key="ifrs16",
        ask="Please prepare the IFRS 16 lease schedules for the Bristol and Leeds office leases: right-of-use asset, lease liability, and the interest and depreciation charges for FY25.",
        nicks=(
            "the Bristol and Leeds lease modelling",
            "the IFRS 16 piece",
            "the office lease work",
        ),
        do="prepare IFRS 16 schedules for the Bristol and Leeds office leases, with the right-of-use asset, liability, interest and depreciation for FY25",
        ctx="Deloitte have come back asking for IFRS 16 schedules for the Bristol and Leeds office leases, which were signed in the spring and have never been modelled.",
        q="What would the IFRS 16 lease liability on the Bristol and Leeds offices come to at 30 September?",
        detail="the Bristol and Leeds leases",
        replies=(
            "Use an incremental borrowing rate of 6.2% for both; Treasury confirmed it last week.",
            "The Bristol lease has a break clause at year 5. We are reasonably certain not to exercise it, so please model the full ten years.",
            "Leeds has a three-month rent-free period at the start; please reflect that.",
            "Should the dilapidations provision go into the right-of-use asset? I think so, but please confirm.",
            "Rent on Leeds was suspended for two months during the refit in June and July. I believe that is a lease modification; please treat it as such.",
            "Could you present the schedules monthly rather than annually, and one table per lease instead of a combined one?",
        ),
    ),
    Task(
        key="vat",
        ask="Please prepare the UK VAT return for the quarter to 30 September, including the partial exemption calculation, for review before filing on 7 November.",
        nicks=("the Q3 VAT return", "the VAT return", "the partial exemption calc"),
        do="prepare the Q3 UK VAT return with the partial exemption calculation, ready for filing by 7 November",
        ctx="The Q3 VAT return is due on 7 November and, with Sophie off sick, nobody has started on the partial exemption calculation.",
        q="Where would the partial exemption recovery rate land for the Q3 VAT return under the standard method?",
        detail="the partial exemption figure",
        replies=(
            "Use the standard method; our application to HMRC for a special method is still pending.",
            "Box 6 looks low to me. Could you check that the Dutch sales are included?",
            "The input VAT on the cancelled Lyon conference (£6,800) should still be recoverable as it relates to taxable supplies. Please include it.",
            "Please do not file anything. I shall make the submission myself through the portal once Sophie has reviewed it.",
            "If you are unsure about an item, leave it out of the return and list it separately - no need to stop and ask about each one.",
            "What recovery percentage are you getting so far?",
        ),
    ),
    Task(
        key="nda",
        ask="Please review the mutual NDA from Brightwater Capital and mark up anything off-market, in particular the non-solicitation clause (clause 6) and the three-year term.",
        nicks=("the Brightwater NDA", "the NDA", "the non-solicit point"),
        do="mark up Brightwater Capital's mutual NDA, especially the clause 6 non-solicitation and the three-year term",
        ctx="Brightwater Capital have sent over their standard mutual NDA for signature before they will share any numbers, and it contains a very wide non-solicitation clause.",
        q="Is there anything in Brightwater Capital's NDA, particularly the non-solicit in clause 6, that we should not sign as drafted?",
        detail="Brightwater's clause 6",
        replies=(
            "Two years is our standard term. Three is acceptable if they insist, but no more.",
            "Clause 6 currently reads: 'Neither party shall, for 24 months, solicit or employ any employee of the other party.' Please carve out general advertisements and people who approach us unprompted.",
            "The return-or-destroy clause should allow us to retain copies held in automatic back-up systems. Please add that.",
            "Their clause 9 lets them stop sharing information at any time. That is fine; leave it.",
            "Governing law should remain English law. Please do not accept New York.",
            "Is a mutual NDA overkill here? Rather than redrafting theirs, could we simply send them our one-way template instead?",
        ),
    ),
    Task(
        key="dsar",
        ask="We have received a data subject access request from a former employee, Daniel Okafor. Please plan our response: what we need to search, which exemptions might apply, and a timetable to meet the 28 November deadline.",
        nicks=("the Okafor DSAR", "Daniel Okafor's request", "the subject access request"),
        do="plan our response to Daniel Okafor's subject access request, covering searches, possible exemptions and a timetable to 28 November",
        ctx="A former employee, Daniel Okafor, has made a subject access request through his solicitors, and the one-month clock runs out on 28 November.",
        q="What would we need to search, and which exemptions could we rely on, to answer Daniel Okafor's subject access request by 28 November?",
        detail="the Okafor deadline",
        replies=(
            "His solicitors have asked for emails mentioning him between January 2023 and his exit in July 2024. Please limit the search to that period.",
            "A number of the emails relate to the disciplinary process, which was settled. Is legal professional privilege available for the correspondence with our advisers?",
            "Can we pause the clock? I recall we can if we ask him to clarify the request - please check whether that applies here.",
            "Please note that he withdrew his grievance in May. That does not stop him making the request, but mention it in the background section.",
            "Please leave the Teams channels out of the search for now; IT are still working out how to export them.",
            "Who should sign the covering letter, the DPO or Ngozi?",
        ),
    ),
    Task(
        key="settlement",
        ask="Please draft a settlement agreement for Gareth Pryce (redundancy, leaving on 31 December) with an ex gratia payment of £18,000, the usual warranties and an agreed reference.",
        nicks=("Gareth's settlement agreement", "the Pryce settlement", "the settlement agreement"),
        do="draft a settlement agreement for Gareth Pryce, leaving on 31 December on redundancy, with £18,000 ex gratia, the standard warranties and an agreed reference",
        ctx="Gareth Pryce's role in Procurement is being made redundant on 31 December, and his union representative has asked to see a settlement agreement this week.",
        q="What would a settlement agreement for Gareth Pryce look like with an £18,000 ex gratia sum and an agreed reference?",
        detail="the £18,000 for Gareth",
        replies=(
            "The first £30,000 is tax-free, so the £18,000 can be paid gross; please say so in clause 3.",
            "His notice will be paid in lieu. Please make sure his company car is returned on the termination date and not before.",
            "Please add that his share options lapse on termination under the plan rules unless the Remuneration Committee decides otherwise.",
            "The contribution to his adviser's fees is £500 plus VAT.",
            "Gareth's representative has asked for the clawback clause to be dropped. I would rather keep it but soften it - please propose wording.",
            "Please include the cancellation of his garden leave as a term; he now wishes to work his notice.",
        ),
    ),
    Task(
        key="bonus",
        ask="Please recalculate the full-year bonus accrual for the sales team on the basis of 62% year-to-date attainment against target, and show the impact on the Q3 P&L.",
        nicks=("the sales bonus accrual", "the bonus accrual", "the 62% attainment calculation"),
        do="recalculate the sales team's full-year bonus accrual at 62% year-to-date attainment and show the Q3 P&L impact",
        ctx="Sales attainment is running at 62% of target for the year, yet the bonus accrual is still booked at 100%.",
        q="By how much would the sales bonus accrual come down if we reset it to 62% attainment?",
        detail="the 62% figure",
        replies=(
            "The plan pays nothing below 50% attainment and is linear from 50% to 120%. Please model that rather than a straight 62%.",
            "Please add employer's NI at 13.8% on top.",
            "Three of the reps have resigned and forfeit their bonus, so please take them out of the accrual. Their names are in the attached list.",
            "Please don't release the whole difference in Q3; the CFO wants it spread across Q3 and Q4.",
            "The accelerator above 100% was suspended for this year by the Remuneration Committee, so ignore it.",
            "What is the sensitivity if attainment finishes at 70%?",
        ),
    ),
    Task(
        key="solvex",
        ask="Please prepare an IFRS 15 technical memo on the five-year Solvex licence deal: identify the performance obligations and conclude on whether the licence revenue is recognised at a point in time or over time.",
        nicks=("the Solvex memo", "the IFRS 15 memo", "the Solvex revenue paper"),
        do="write an IFRS 15 memo on the five-year Solvex licence, identifying the performance obligations and concluding on point-in-time versus over-time recognition",
        ctx="Sales have signed a five-year licence with Solvex that bundles hosting and support, and the auditors want to see our IFRS 15 position before anything is booked.",
        q="How many performance obligations are there in the Solvex five-year deal, and can the licence revenue be recognised up front?",
        detail="the Solvex licence question",
        replies=(
            "The contract is in the shared folder as 'Solvex_MSA_signed.pdf'; schedule 2 has the price breakdown.",
            "Solvex can cancel the hosting after year two on six months' notice. Does that change the contract term for IFRS 15 purposes?",
            "Please structure it as background, issue, guidance, analysis and conclusion.",
            "The auditors will ask about right to access versus right to use, so please address that head on.",
            "Solvex can switch the support off at any time without penalty. I think that makes it a separate performance obligation.",
            "Could you redo the allocation using the standalone selling prices from the 2024 price list instead of the discounted ones?",
        ),
    ),
    Task(
        key="sanctions",
        ask="Please re-screen our top 40 suppliers against the UK, EU and OFAC sanctions lists and write up any hits, including the possible match on Kaspian Trading FZE.",
        nicks=("the supplier sanctions refresh", "the Kaspian hit", "the sanctions screening"),
        do="re-screen the top 40 suppliers against the UK, EU and OFAC sanctions lists and write up the hits, including Kaspian Trading FZE",
        ctx="The screening tool has thrown up a possible sanctions match on Kaspian Trading FZE, one of our top 40 suppliers, and the annual re-screen is overdue in any event.",
        q="Is Kaspian Trading FZE actually on any UK, EU or OFAC list - and are any of our other top 40 suppliers?",
        detail="the Kaspian Trading match",
        replies=(
            "The possible match is with 'Kaspian Trade LLC' on the OFAC SDN list: a different name, but the same Dubai address. Please look into the ownership.",
            "If Kaspian is a true match we shall have to stop all payments to them immediately. For now, just tell me whether it is a true match.",
            "Payment run 2291 to Kaspian is already on hold with Treasury, and that does not need to change.",
            "Please record the date and list version you screened against for each supplier.",
            "Ignore the false positives on common names, but keep a note of them.",
            "Any idea how long the remaining 39 will take?",
        ),
    ),
    Task(
        key="cards",
        ask="Please review the 14 corporate card transactions over £2,500 flagged in the Q3 expense audit and tell me which breach the policy and which are simply missing receipts.",
        nicks=("the card spend review", "the flagged-transactions review", "the Q3 expense audit"),
        do="review the 14 flagged Q3 corporate card transactions over £2,500 and separate the policy breaches from the missing receipts",
        ctx="The Q3 expense audit has flagged 14 corporate card transactions over £2,500, including several hotel bills and a £6,900 restaurant charge in Milan.",
        q="Which of the 14 card transactions flagged in the Q3 expense audit are genuine policy breaches?",
        detail="the £6,900 Milan dinner",
        replies=(
            "The £6,900 Milan dinner was a client event approved in advance by the MD; the approval e-mail is in the expenses system.",
            "Two of the hotel bills were for cancelled bookings that the hotel charged anyway. Is that a breach, or simply bad luck?",
            "Please do not name the cardholders in the summary; use the card reference only.",
            "The cardholder for transactions 9 to 11 has already had the card suspended. Note that, but please still assess the transactions.",
            "Could you sort them by value instead of by date?",
            "How many are missing receipts so far?",
        ),
    ),
    Task(
        key="cash13",
        ask="Please build a 13-week cash flow forecast from 3 November, showing headroom against the £25m revolving credit facility and the £5m minimum liquidity covenant.",
        nicks=("the 13-week cash forecast", "the cash forecast", "the RCF headroom model"),
        do="build a 13-week cash flow forecast from 3 November showing headroom on the £25m RCF and against the £5m minimum liquidity covenant",
        ctx="The lenders have asked for a 13-week cash flow forecast by the end of the month, and we do not currently have one that shows RCF headroom.",
        q="What does our headroom against the £5m liquidity covenant look like over the next 13 weeks?",
        detail="the covenant headroom numbers",
        replies=(
            "Payroll goes out on the 25th of each month at about £3.4m; VAT is paid on the 7th.",
            "Please assume the Dortmund receivable (€1.8m) slips by four weeks.",
            "Please show RCF drawdowns and repayments as separate lines rather than netted.",
            "If the Fennick deal completes, the £2m deposit goes out in week 6. Could you add a toggle to switch that on and off?",
            "The interim dividend has been cancelled for this year, so please leave it out.",
            "Please show the covenant test at the bottom, in red if headroom falls below £1m.",
        ),
    ),
    Task(
        key="emi",
        ask="Please prepare the EMI option grant paperwork for the nine new joiners approved in September: option agreements, the board minute and the HMRC notification within 92 days.",
        nicks=("the EMI grant paperwork", "the option paperwork", "the nine-joiner EMI exercise"),
        do="prepare the EMI option grant documents for the nine September joiners - option agreements, board minute and HMRC notification",
        ctx="Nine new joiners were promised EMI options in their September offer letters and nothing has been issued yet, while the 92-day HMRC notification window is running.",
        q="What would we need to put in place to grant EMI options to the nine September joiners within HMRC's 92-day window?",
        detail="the 92-day HMRC window",
        replies=(
            "The exercise price is the HMRC-agreed valuation of £1.84 per share.",
            "Vesting is 25% after one year and then monthly over three years; unvested options lapse if the employee leaves.",
            "One of the nine, Lena Hoffmann, works a four-day week. Does she meet the working time requirement?",
            "Please leave the board minute undated; the company secretary will date it.",
            "The Remuneration Committee dropped the performance condition for these grants, so please do not include one.",
            "Can the HMRC notification be made in one go for all nine instead of individually?",
        ),
    ),
    Task(
        key="speakup",
        ask="Please refresh our Speak Up (whistleblowing) policy so that it complies with the EU Whistleblowing Directive for our Dutch and Irish entities, including the reporting channels and feedback timescales.",
        nicks=("the Speak Up policy", "the whistleblowing policy", "the EU directive update"),
        do="refresh the Speak Up policy to meet the EU Whistleblowing Directive for the Dutch and Irish entities, with channels and feedback timescales",
        ctx="Our Irish subsidiary has been told by its auditors that our Speak Up policy does not meet the EU Whistleblowing Directive, in particular on feedback timescales.",
        q="What changes would our Speak Up policy need in order to meet the EU Whistleblowing Directive for the Dutch and Irish entities?",
        detail="the feedback timescales point",
        replies=(
            "The Directive requires acknowledgement within seven days and feedback within three months. Please make both explicit.",
            "Please keep the external hotline provider (SafeCall) as the primary channel.",
            "Please add that retaliation includes suspension, demotion and the cancellation of a contract for services.",
            "Should we accept anonymous reports? I should like your view before we decide.",
            "The sentence 'Reports may be withdrawn at any time' should stay, but add that we may continue an investigation regardless.",
            "Instead of one global policy, would a short local annex for the Netherlands and Ireland work better?",
        ),
    ),
    Task(
        key="ostara",
        ask="Please review the Ostara Cloud subscription renewal - the contract auto-renews for three years unless we give notice by 30 November - and advise on the notice, the price uplift and the exit terms.",
        nicks=("the Ostara renewal", "the Ostara Cloud contract", "the auto-renewal"),
        do="review the Ostara Cloud renewal terms and advise on the 30 November notice deadline, the price uplift and the exit terms",
        ctx="Procurement have just noticed that the Ostara Cloud subscription auto-renews for three years, with a 9% price uplift, unless we serve notice by 30 November.",
        q="If we want to avoid being locked into Ostara Cloud for another three years, what do we have to do before 30 November?",
        detail="the 30 November Ostara deadline",
        replies=(
            "IT want to keep Ostara for at least another year, so the point is leverage, not exit.",
            "Clause 18 says notice must be sent 'by recorded delivery to the registered office'. Please confirm that e-mail is not enough.",
            "If we serve notice to terminate, can we withdraw it later if they agree to our pricing? That is the approach I have in mind.",
            "The 9% uplift is CPI plus 4%; see schedule 3.",
            "Please check whether we can cancel individual modules rather than the whole subscription.",
            "Could you also draft the notice letter - but do not send it?",
        ),
    ),
    Task(
        key="wexford",
        ask="Please prepare the impairment test for the Wexford plant cash-generating unit at 30 September, using a pre-tax discount rate of 9.4%, with sensitivities on the discount rate and long-term growth.",
        nicks=("the Wexford impairment test", "the CGU impairment", "the Wexford model"),
        do="run the 30 September impairment test on the Wexford plant CGU at a 9.4% pre-tax discount rate, with discount rate and growth sensitivities",
        ctx="Output at the Wexford plant has fallen by 30% this year, and the auditors have told us they expect to see an impairment test for that cash-generating unit at 30 September.",
        q="At a 9.4% discount rate, is there any headroom left on the Wexford plant CGU, or are we looking at an impairment?",
        detail="the Wexford headroom",
        replies=(
            "The carrying amount is €14.6m, including allocated goodwill of €1.2m.",
            "Please use the board-approved five-year plan and a long-term growth rate of 1.5%.",
            "Line 3 at Wexford was shut down in July and will not restart, so exclude its cash flows.",
            "The capex on the new kiln has been deferred to 2027. Do we exclude the associated benefits as well?",
            "Please add the break-even discount rate.",
            "Could you use value in use instead of fair value less costs of disposal? I do not think we have a reliable market price.",
        ),
    ),
    Task(
        key="tpfile",
        ask="Please prepare the transfer pricing local file for Arnhem Components B.V. for FY2024, covering the intragroup services, the royalty and the cash pool, for filing with the Dutch tax return.",
        nicks=("the Dutch local file", "the TP local file", "the Arnhem B.V. documentation"),
        do="prepare the FY2024 transfer pricing local file for Arnhem Components B.V., covering services, the royalty and the cash pool",
        ctx="The Dutch tax adviser has reminded us that Arnhem Components B.V. needs a transfer pricing local file for FY2024 in place by the filing date, and it has not been started.",
        q="What would the FY2024 transfer pricing local file for Arnhem Components B.V. need to cover, and do we have the benchmarks for it?",
        detail="the Arnhem royalty",
        replies=(
            "The royalty rate is 3% of net sales; the 2022 benchmarking study supports a range of 2-5%.",
            "Intragroup services are charged at cost plus 5%.",
            "The cash pool interest charge was stopped in 2024 when the pool leader changed. Please explain that in the cash pool section.",
            "Please follow the OECD Annex II structure, in English.",
            "Could we roll forward the 2023 file instead of starting afresh? I suspect most of it still holds.",
            "Do you know who signed off the 2023 file?",
        ),
    ),
    Task(
        key="reenrol",
        ask="Please prepare for our 2025 auto-enrolment re-enrolment: identify which employees need to be re-enrolled on 1 December, draft the letters and set out the steps for the declaration of compliance.",
        nicks=(
            "the re-enrolment exercise",
            "the auto-enrolment work",
            "the 1 December re-enrolment",
        ),
        do="prepare the 2025 auto-enrolment re-enrolment - identify who is re-enrolled on 1 December, draft the letters and list the declaration of compliance steps",
        ctx="Our three-yearly pensions re-enrolment date is 1 December, and the declaration of compliance to the Pensions Regulator is due within five months of it.",
        q="Which employees would we have to re-enrol on 1 December, and which letters do we owe them?",
        detail="the 1 December cohort",
        replies=(
            "About 140 people have opted out since 2022; the list is in the payroll export on the 'OptOuts' tab.",
            "Employees who opted out within the last 12 months do not have to be re-enrolled. Please exclude them.",
            "The letter should explain that they can opt out again within one month and receive a full refund.",
            "Plain English, please, and no more than one page.",
            "How do we treat people who stopped contributing voluntarily but never formally opted out?",
            "Is the declaration of compliance something you can draft, or does it have to be done online?",
        ),
    ),
    Task(
        key="acminutes",
        ask="Please draft the minutes of the Audit Committee meeting held on 3 October from my notes, in our usual format, including the actions log.",
        nicks=(
            "the AC minutes draft",
            "the 3 October minutes draft",
            "the Audit Committee write-up",
        ),
        do="draft the 3 October Audit Committee minutes from my notes, with the actions log",
        ctx="The company secretary is on leave and the minutes of the 3 October Audit Committee have still not been drafted; my notes are in the shared folder.",
        q="Could you turn my notes from the 3 October Audit Committee into draft minutes with an actions log?",
        detail="the 3 October meeting",
        replies=(
            "Please record that the Chair declared an interest in item 6 and left the meeting for that item.",
            "Item 4: the committee agreed to pause the internal audit of procurement until the new system goes live. Please minute that precisely.",
            "Please do not attribute views to individual members other than the Chair.",
            "The external auditor's update was item 5, not item 3; I had them in the wrong order in my notes.",
            "The committee asked management to come back with the going concern paper at the next meeting. Please add that to the actions log.",
            "Are the minutes likely to run to more than four pages?",
        ),
    ),
    Task(
        key="gifts",
        ask="Please review the Q3 entries in the gifts and hospitality register against the Anti-Bribery Policy and list anything that should have been pre-approved or declined.",
        nicks=("the gifts register review", "the hospitality register", "the Q3 G&H review"),
        do="review the Q3 gifts and hospitality register against the Anti-Bribery Policy and list anything that needed pre-approval or should have been declined",
        ctx="Internal Audit have noted that several Q3 entries in the gifts and hospitality register were logged after the event, including tickets to the Ryder Cup.",
        q="Are there any entries in the Q3 gifts and hospitality register that breach the Anti-Bribery Policy?",
        detail="the Ryder Cup tickets",
        replies=(
            "The pre-approval threshold is £150 per person; the Ryder Cup tickets were £1,200 each.",
            "Invitations that were declined still need to be in the register. Please check that they are.",
            "The Corvane hospitality was cancelled after the dispute started. Keep it in, but mark it as not taken up.",
            "Please flag anything involving public officials, whatever the value.",
            "Could you group the findings by business unit?",
            "If you find something serious, there is no need to stop and ask - note it and keep going, and I shall review them together.",
        ),
    ),
    Task(
        key="corvane",
        ask="Please draft our response to Corvane Ltd's letter before action about disputed invoice INV-88213 (£96,400), setting out why we withheld payment and proposing mediation.",
        nicks=("the Corvane response", "the Corvane letter", "the INV-88213 dispute"),
        do="draft a response to Corvane Ltd's letter before action on invoice INV-88213 (£96,400), explaining why payment was withheld and proposing mediation",
        ctx="Corvane Ltd's solicitors have sent a letter before action claiming £96,400 on invoice INV-88213, which we withheld because the work was never signed off.",
        q="How should we respond to Corvane's letter before action over INV-88213, given that we withheld payment for defective work?",
        detail="INV-88213",
        replies=(
            "Their letter is dated 21 October, so we have 14 days from then; please put the response date in the heading.",
            "We withheld payment under clause 9.4 of the framework agreement, which allows us to suspend payment pending acceptance. Please quote it.",
            "Please confine 'without prejudice save as to costs' to the mediation paragraph rather than the whole letter.",
            "Their letter threatens to cancel the remaining call-off orders. Should we address that or ignore it?",
            "Tone: firm but not aggressive.",
            "Could we offer a partial payment instead of mediation, or would that look like an admission?",
        ),
    ),
    Task(
        key="hrbudget",
        ask="Please build the FY26 HR department budget, including four new FTEs (two HR business partners, an L&D lead and a reward analyst), the HRIS licence and the training spend.",
        nicks=("the FY26 HR budget", "the HR budget", "the headcount plan"),
        do="build the FY26 HR budget with the four new FTEs, the HRIS licence and the training spend",
        ctx="Finance want the HR department's FY26 budget by Friday, and it has to include the four new roles the Chief People Officer has asked for.",
        q="What would the FY26 HR budget look like with four new FTEs and the HRIS licence?",
        detail="the four new roles",
        replies=(
            "Assume a 3.5% pay award from April and on-costs of 25%.",
            "The L&D lead will not start until July, so only nine months of cost for that role.",
            "The HRIS licence is £42,000 a year; the implementation fee is one-off and should be shown separately.",
            "If the hiring freeze continues, the reward analyst role will be put on hold. Can you show that as a scenario?",
            "Training spend should come back down to £120,000, since last year's leadership programme was cancelled.",
            "Could you show the budget by quarter instead of by month?",
        ),
    ),
    Task(
        key="hybrid",
        ask="Please update the Hybrid Working Policy to reflect the new three-days-in-the-office rule from 1 January, including the exceptions process and how it interacts with flexible working requests.",
        nicks=("the hybrid working policy", "the three-day rule", "the office attendance policy"),
        do="update the Hybrid Working Policy for the three-days-in-the-office rule from 1 January, with the exceptions process and the link to flexible working requests",
        ctx="The Executive Committee has announced a three-days-in-the-office rule from 1 January, and our Hybrid Working Policy still says two days.",
        q="How should the Hybrid Working Policy be rewritten for the three-day office rule, and where does that leave flexible working requests?",
        detail="the exceptions process",
        replies=(
            "Tuesdays and Thursdays are fixed anchor days; the third day is for each team to decide.",
            "Please state that existing contractual home-working arrangements are unaffected.",
            "Managers should be able to suspend an individual's arrangement for poor performance, but only after a documented conversation.",
            "Please do not drop the section on working from abroad; just cut it down to two sentences.",
            "The union has asked whether the rule could be paused for the first quarter while people adjust. Can the policy allow for a transition period?",
            "Is 'hybrid' still the right word, or should we call it the Workplace Policy?",
        ),
    ),
    Task(
        key="mandate",
        ask="Please prepare the paperwork to update our Barclays bank mandate following Simon Leigh's departure: remove him as a signatory, add Ngozi Adeyemi and Jonas Lindqvist, and draft the board resolution.",
        nicks=("the Barclays mandate", "the bank mandate update", "the signatory change"),
        do="prepare the Barclays mandate change - remove Simon Leigh as a signatory, add Ngozi Adeyemi and Jonas Lindqvist, and draft the board resolution",
        ctx="Simon Leigh leaves on Friday and is still one of the two required signatories on the Barclays mandate.",
        q="What would it take to get Simon Leigh off the Barclays mandate and two new signatories on before he leaves?",
        detail="Simon's signing authority",
        replies=(
            "Please stop Simon's authority with effect from 31 October rather than his last day, as he is on garden leave after that.",
            "Barclays need certified ID for both new signatories; Jonas's passport copy is on his HR file.",
            "The resolution should say 'any two signatories', not 'one A and one B'.",
            "Cancel his corporate card at the same time? No - that is a separate process with Amex. Just the mandate here.",
            "Can the board resolution be passed as a written resolution, or do we need a meeting?",
            "Apologies - Ngozi's surname is misspelt in your draft; it is Adeyemi.",
        ),
    ),
    Task(
        key="p2p07",
        ask="Please test control P2P-07 (three-way match of PO, goods receipt and invoice) for Q3: select 25 samples, document the testing and conclude on operating effectiveness.",
        nicks=("the P2P-07 testing", "the three-way match test", "the control testing"),
        do="test control P2P-07 (three-way match) for Q3 on 25 samples and conclude on operating effectiveness",
        ctx="Internal Audit's Q3 plan has control P2P-07, the three-way match, down for testing, and the SOX deadline is the 15th.",
        q="Is the P2P-07 three-way match actually operating effectively in Q3, on a sample of 25?",
        detail="the three-way match exceptions",
        replies=(
            "The match tolerance is 2% or £500, whichever is lower.",
            "Where the system put an invoice on hold because it failed the match, that is the control working, not an exception.",
            "Please include cancelled POs in the population; they are part of the control.",
            "Please use random sampling and record the seed you used.",
            "Two samples were blocked and then released manually by Callum. Is that an override we need to test separately?",
            "What is your view so far - effective or not?",
        ),
    ),
    Task(
        key="repcrim",
        ask="Please prepare the FCA Annual Financial Crime Report (REP-CRIM) for the year to 31 December, using the MLRO's data on SARs, high-risk customers and sanctions alerts.",
        nicks=("the REP-CRIM return", "the financial crime return", "the FCA return"),
        do="prepare the REP-CRIM financial crime return for the year to 31 December from the MLRO's data",
        ctx="The FCA has written to remind us that our REP-CRIM financial crime return is due within 60 days of the year end, and the MLRO's data pack has just arrived.",
        q="What figures do we need from the MLRO to complete the REP-CRIM return, and do we have them all?",
        detail="the SAR numbers",
        replies=(
            "The number of SARs filed was 37; internal reports numbered 112.",
            "High-risk customers exclude PEPs who left office more than 12 months ago. Please confirm the MLRO has applied that.",
            "Relationships we terminated for financial crime reasons go in a separate field; please do not net them against new ones.",
            "Accounts frozen or blocked on sanctions grounds: three. Please include them.",
            "Please keep a working paper for each figure.",
            "Does the return need board sign-off before submission, or only the MLRO's?",
        ),
    ),
    Task(
        key="dando",
        ask="Please complete the D&O insurance renewal questionnaire for Marsh, using the latest accounts, the litigation schedule and this year's changes to the board.",
        nicks=("the D&O renewal", "the Marsh questionnaire", "the D&O questionnaire"),
        do="complete Marsh's D&O renewal questionnaire using the latest accounts, the litigation schedule and this year's board changes",
        ctx="Marsh have sent the D&O renewal questionnaire and want it back by the 20th; the policy lapses on 1 December if it is not renewed.",
        q="How should we answer Marsh's D&O renewal questions on litigation and board changes?",
        detail="the Marsh deadline on the 20th",
        replies=(
            "Two directors joined this year (Ines Valdés and Robert Ashby) and one resigned (Simon Leigh).",
            "Question 14 asks about pending claims. Please disclose the Corvane dispute but describe it as a commercial dispute.",
            "If in doubt, disclose - non-disclosure could entitle them to cancel the policy.",
            "The Fennick acquisition is on hold. Do we have to mention it at all?",
            "Please use the audited accounts, not the management accounts.",
            "Where a question does not apply, write 'not applicable' rather than leaving it blank.",
        ),
    ),
    Task(
        key="linden",
        ask="For Project Linden, please draft answers to batch 3 of the buyer's due diligence questions (Q&A items 41-68) on HR and pensions, using the data room and our HR data.",
        nicks=("the Linden Q&A", "batch 3 of the Linden Q&A", "the buyer's HR question list"),
        do="draft answers to batch 3 of the Project Linden due diligence questions (items 41-68) on HR and pensions",
        ctx="The buyer on Project Linden has sent batch 3 of its due diligence questions - 28 items on HR and pensions - and wants answers by Thursday.",
        q="How would we answer the Project Linden buyer's HR and pensions questions in batch 3?",
        detail="items 41 to 68",
        replies=(
            "Question 47 asks about pending tribunal claims: there are two, both in the disclosure letter.",
            "Please answer factually and cross-refer to data room documents rather than attaching anything new.",
            "Q52 asks whether any employee has had a bonus stopped or clawed back. The answer is one case, in 2023.",
            "Several questions ask us to confirm 'no changes since the locked box date'. Please do not confirm anything you cannot verify.",
            "The defined benefit scheme was closed to future accrual in 2019, which answers Q60 and Q61.",
            "Q55 asks about the cancelled LTIP; explain that it was replaced by a cash plan.",
        ),
    ),
)

# ---------------------------------------------------------------- slot pools
_WHO = (
    "Aoife Brennan",
    "Tomasz Nowak",
    "Priya Raman",
    "Hamid Qureshi",
    "Sophie in Group Tax",
    "our external counsel at Hartley Crane",
    "the Amsterdam finance team",
    "Jonas Lindqvist",
    "Ngozi Adeyemi",
    "Callum from Treasury",
    "Legal Operations",
    "the shared service centre in Kraków",
)
_PEOPLE = (
    "Aoife Brennan",
    "Tomasz Nowak",
    "Priya Raman",
    "Hamid Qureshi",
    "Jonas Lindqvist",
    "Ngozi Adeyemi",
    "Callum Reid",
    "Sophie Marchetti",
    "Rutger van Dam",
)
_TEAMS = (
    "Group Tax",
    "Legal Operations",
    "Reward",
    "Financial Control",
    "Treasury",
    "Company Secretariat",
    "Internal Audit",
)
_BOSS = (
    "the engagement partner",
    "Helen (the supervising partner)",
    "the CFO",
    "the General Counsel",
    "our Head of Reward",
    "the Finance Director",
    "Rutger",
    "the deal partner",
    "the Group Financial Controller",
)
_BOSS_POSS = (
    "the engagement partner's",
    "Helen's",
    "the CFO's",
    "the General Counsel's",
    "the Finance Director's",
    "Rutger's",
    "the deal partner's",
)
_COMMITTEE = (
    "the Audit Committee",
    "the Risk and Compliance Committee",
    "the Remuneration Committee",
    "the Executive Committee",
    "the board",
    "the steering group",
    "the Investment Committee",
)
_EVN = (
    "this morning's call with the CFO",
    "the Audit Committee's decision yesterday",
    "the revised completion timetable",
    "the partner's comments overnight",
    "the letter we received from the regulator on Tuesday",
    "the restructuring announcement",
    "the change in the deal perimeter",
    "the auditors' revised timetable",
    "Friday's board discussion",
    "the hiring freeze announced this morning",
    "the latest guidance from Group Legal",
    "the lenders' request for information",
    "the change of auditor",
)
_EVS = (
    "The CFO has brought the board meeting forward to Thursday.",
    "The buyer has asked for a two-week extension of exclusivity.",
    "Group Legal have issued new guidance on the use of external advisers.",
    "The auditors have moved their fieldwork forward by a week.",
    "We have been told that the restructuring will be announced on Monday.",
    "The client has appointed a new General Counsel, who wants to review all open instructions.",
    "A hiring freeze was announced at this morning's all-hands.",
    "The regulator has extended the submission window by a month.",
    "Our budget for external spend has been cut by a third with immediate effect.",
    "The Chief Executive has resigned, and the announcement goes out tonight.",
)
_DATE = (
    "Thursday",
    "close of play on Friday",
    "the 14th",
    "the end of next week",
    "noon tomorrow",
    "Monday morning",
    "Wednesday",
)
_WHEN = (
    "on Monday",
    "last week",
    "on Thursday's call",
    "before the board meeting",
    "on the 3rd",
    "yesterday",
    "before half-term",
    "at the start of the month",
)


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _fill(
    template: str,
    rng: random.Random,
    cur: Task,
    new: Task | None = None,
    stopped: Task | None = None,
    other: Task | None = None,
) -> str:
    """Fill ``template`` with seeded slot values; ``X`` for slot ``x`` is the capitalised form."""
    slots: dict[str, str] = {
        "who": rng.choice(_WHO),
        "per": rng.choice(_PEOPLE),
        "team": rng.choice(_TEAMS),
        "boss": rng.choice(_BOSS),
        "bossp": rng.choice(_BOSS_POSS),
        "committee": rng.choice(_COMMITTEE),
        "evn": rng.choice(_EVN),
        "evs": rng.choice(_EVS),
        "date": rng.choice(_DATE),
        "when": rng.choice(_WHEN),
        "cn": rng.choice(cur.nicks),
        "cd": cur.detail,
    }
    if new is not None:
        slots.update(
            nn=rng.choice(new.nicks),
            nd=new.do,
            nc=new.ctx,
            nq=new.q,
            nqm=new.q[:1].lower() + new.q[1:],
        )
    if stopped is not None:
        slots.update(sn=rng.choice(stopped.nicks), sd=stopped.detail, sdo=stopped.do)
    if other is not None:
        slots["pn"] = rng.choice(other.nicks)
    for key in list(slots):
        slots[_cap(key)] = _cap(slots[key])
    return template.format_map(slots)


# ---------------------------------------------------------------- switch templates
# The task in force ({cn}) is stopped, parked, handed off or superseded, and a different
# task ({nd} / {nc} / {nq} / {nn}) is asked for in the same message.
_SWITCH: tuple[str, ...] = (
    "Thank you for the update on {cn}. In light of {evn}, we will need to set that aside for now. We would be grateful if you could {nd} instead, as a matter of priority.",
    "Apologies - the position has moved. {Boss} has decided that {cn} is not to proceed at this stage. {nc} Could you pick that up?",
    "A few points:\n\n1. The format is fine.\n2. Please keep the footnotes as they are.\n3. As discussed with {boss}, {cn} is now on hold pending the outcome of the review; in the meantime we would be grateful if you could {nd}.\n\nMany thanks.",
    "{nc} I appreciate you are midway through {cn}, but that can wait until next week. What would you need from me to get going on this?",
    "Quick one. {nq} It has just come up on the call with {who} and it now takes precedence over {cn}.",
    "Re your question: yes, the numbers are draft only. More importantly, {who} will now be handling {cn} directly, so please leave it with them and {nd}.",
    "We have received instructions that {cn} should be treated as superseded. Subject to anything you have already found that we ought to know about, please turn your attention to the following: {nd}.",
    "Stop work on {cn}, please, and switch to this: {nd}.",
    "Please drop {cn} and {nd} instead.",
    "For the avoidance of doubt, nothing further is needed on {cn}. {nc} We would be grateful for your help with that.",
    "Thanks. On reflection I think {cn} is a rabbit hole we cannot afford this week, so let's park it. {Nd} - that is where I need you now.",
    "Dear Assistant,\n\nFurther to our exchange this morning, I have now spoken with {boss}. The view is that {cn} should wait until the year-end work is complete. In the meantime there is a more pressing matter. {nc}\n\nWe would be grateful if you could take this forward today.\n\nKind regards",
    "Understood on the timing. As it happens, {evn} has changed our priorities: could you {nd}? We can revisit {cn} once that is done.",
    "Please hold off going any further with {cn}. {nq}",
    "{nc} Given that, {cn} will have to take a back seat. Let me know what you need to get started.",
    "On point 2 of your note - agreed. On everything else: the client has taken {cn} out of scope as of today, so please do not spend any more time on it. What they do want is for us to {nd}, ideally by {date}.",
    "Sorry to change course mid-stream. Could we leave {cn} where it is and {nd}? I shall explain on Monday.",
    "I have just come out of the meeting with {committee}. Headline: {cn} is deferred to Q1. Action for us: {nd}.",
    "Thank you for flagging the discrepancy. Rather than chase it further, we will let {cn} rest; {who} will follow it up in the new year. Separately, {nqm}",
    "Hope you are well. Not urgent, but when you have a moment, could you {nd}? I realise that means pausing {cn}, which is fine - it has slipped anyway.",
    "Change of plan. {Nd}. {Cn} is off the table.",
    "Apologies for the long message.\n\nWhere we are: the work on {cn} has been very helpful and I am grateful for it. However, {evn} means that the budget for it has been withdrawn, at least for this quarter, and I do not think it would be sensible to carry on. What I need is narrower and more urgent. {nc}\n\nCould you let me have a first view by close of play?",
    "{nq} I ask because {boss} wants it for tomorrow; {cn} is fine to sit until after that.",
    "Please treat my earlier request about {cn} as withdrawn. {Nd}, subject to the usual caveats.",
    "Morning. {evs} We therefore need to pivot: {nd}. {Cn} is on ice until further notice.",
    "Re {cn} - the partner says leave it. Can you look at this instead? {nc}",
    "Yes, that's right, the entity code is correct. Having said that, I am afraid we are going to stop there on {cn}: {who} needs us to {nd} urgently.",
    "Let's not pursue {cn} any further; it is not going to be signed off in its current form. {nq}",
    "Could you put a short note on file recording where you got to with {cn}, and then move on to the following: {nd}.",
    "Thanks very much - I think we can leave it there for {cn}, that is more than enough for now. Next: {nd}.",
    "I need to redirect you, I'm afraid. {nc} Please look into it; {cn} can sit in the drawer until that is dealt with.",
    "Just to let you know that {committee} decided this morning not to go ahead, so {cn} falls away. On a related but separate point, {nqm}",
    "All noted. One thing I should have said earlier: we are not the right team for {cn}. {Who} owns it and will pick it up. For us, the priority is to {nd}.",
    "{Nd}, please. That comes ahead of {cn}, which I am happy to shelve.",
    "Following the call, the decision is as follows:\n(a) {cn} - paused, no further work until we hear from {who};\n(b) {nn} - to start now; specifically, {nd}.\nPlease confirm you have what you need.",
    "Hi again. I have been asked by {boss} to get something out today: {nd}. Please put {cn} to one side while you do so.",
    "Sorry, scrap {cn}. {nc} What would you suggest?",
    "In light of {evn}, we would be grateful if you could suspend work on {cn} and instead {nd}.",
    "Thank you, helpful. I am conscious of time, so let's not finalise {cn} today. Can you turn to {nn}? In short: {nd}.",
    "{nc}\n\nI know this is not what we were working on. Forget {cn} for the time being; this is more important.",
    "Following up my voicemail: {cn} will have to wait, as the client has gone quiet. While we wait, {nqm}",
    "Regarding {cn}, we have decided to give it to {who}. Meanwhile, could you {nd}?",
    "That is a good question, and the honest answer is that it no longer matters - {boss} has closed {cn} off. What does matter is this. {nc} Could you make a start on it?",
    "Small change of direction. We'll come back to {cn}. For now, {nd}.",
    "please park {cn}. need you to {nd} asap",
    "Thanks for the draft of {cn}. I'll stop you there, as {evn} has overtaken it. {Nd}, please, by {date}.",
    "My apologies, I gave you the wrong priority this morning. You should have been asked to {nd} first; {cn} is a nice-to-have and can be picked up later, if at all.",
    "So, I have given this further thought. There is no realistic prospect of closing out {cn} before the deadline, and I would rather we put our effort where it will count. {nc} That is where I should like your focus.",
    "Thanks - I have forwarded your notes on {cn} to {who}, who will take it from here. Could you now {nd}?",
    "We have had some news. {evs} So {cn} goes on hold. Could you {nd} in the meantime?",
    "Per {bossp} e-mail below, we are standing down on {cn}.\n\n> Please pause all work on this until further notice. What I would like instead is for the team to {nd}.\n\nCould you take that on?",
    "I don't think {cn} is going anywhere, frankly. Let's cut our losses. {nq}",
    "Can you {nd}? I know I said {cn} was urgent, but that has changed.",
    "Re point 3 in your last message: it is moot now, because {cn} has been withdrawn. Please {nd} instead.",
    "Hello. Could I ask you to look at something else? {nc} Park {cn} for now.",
    "The short version: {cn} is done as far as I am concerned - not finished, but done. {Nd}.",
    "In view of {evn}, the priority for the remainder of the week is to {nd}. Anything outstanding on {cn} should simply be noted and left.",
    "Just had {who} on the phone. {nc} {Cn} can wait; this can't.",
    "thanks. ok leave {cn}. {nq}",
    "We are where we are with {cn}; let's not throw more time at it. As discussed, the next priority is {nn} - could you {nd}?",
    "Approved, thank you - although that is now academic, as {committee} has put {cn} back to the spring. {nc} Would you be able to assist with that?",
    "Thank you for the note on {cn}. I have three comments:\n\n1. The summary is clear and I have no changes to it.\n2. On the figures, I agree with your treatment, subject to {who} confirming the source data.\n3. More substantively, {committee} met yesterday and, in light of {evn}, resolved that {cn} should be held over to the next cycle. The immediate requirement is different. {nc} We would be grateful if you could turn to this now.\n\nI am around all afternoon if it would help to talk.",
    "Status as agreed with {boss} this morning:\n\n| Item | Status |\n|---|---|\n| {Cn} | on hold |\n| {Nn} | start now |\n\nOn the second item: please {nd}.",
    "I wonder whether you could help with something that has landed on my desk. {nc} I'd suggest we leave {cn} until this is resolved.",
    "Good afternoon. Further to {evn}, {cn} is being handed to {who}. Your time would be better spent if you could {nd}; I have cleared this with {boss}.",
    "Two things. First, thank you for the work on {cn}, which I shall not need after all. Second, {nqm}",
)

# ---------------------------------------------------------------- stop templates
# The task in force ({cn}) is stopped, cancelled, parked, deferred or handed off; nothing new.
_STOP: tuple[str, ...] = (
    "Thank you. In light of {evn}, we will not be proceeding with {cn} at this stage. Please do not do any further work on it.",
    "{Boss} has asked that {cn} be put on hold pending the outcome of the review. I shall let you know when, or if, it is to be picked up again.",
    "Thanks for everything so far. {Who} will be taking {cn} forward from here, so there is nothing further needed from you on it.",
    "Let's leave {cn} there for today.",
    "Please hold fire on {cn}.",
    "On reflection, I do not think {cn} is achievable with the information we currently have. Let us not spend any more time on it.",
    "A few points:\n\n1. Thank you for the quick turnaround.\n2. The formatting is fine.\n3. Having spoken with {boss}, {cn} is to be deferred until the new financial year, so please stop where you are.\n\nWith thanks.",
    "That is helpful context. Unfortunately it is also moot: {committee} decided this morning that {cn} falls away.",
    "We are going to let {cn} lapse. No need to reply.",
    "Cancel {cn}, please.",
    "Stop - don't go any further with {cn}.",
    "For the avoidance of doubt: {cn} is paused, not cancelled. Nothing further until you hear from me.",
    "Just a heads-up that the client has withdrawn its instruction on {cn}. Please treat the matter as closed on our side.",
    "{evs} In light of that, I would rather we did not touch {cn} until things settle.",
    "Sorry, please ignore my earlier request regarding {cn}. It has been overtaken by events.",
    "I think we have reached the point of diminishing returns on {cn}. I am going to call it.",
    "{Who} is better placed to deal with {cn}, and I have forwarded it accordingly. Thank you for your help.",
    "thanks, that's enough on {cn} for now. we'll see where things land after the board",
    "Subject to anything {boss} says to the contrary, {cn} is parked until January.",
    "I am afraid the budget for {cn} has been pulled. We shall have to leave it.",
    "Please pause {cn}; I need to check something with {who} first and will revert.",
    "Not now on {cn}. Possibly not at all.",
    "We have decided to take {cn} in-house with {per}'s team, so you can close your file.",
    "Grateful for the work on {cn}. As matters stand, though, it will not be needed before the year end, so let us put it to bed for the time being.",
    "Re {cn}: the deadline has been extended to March, and with everything else going on I would rather pick it up then. Nothing more for now.",
    "Dear all,\n\nFurther to this afternoon's discussion, I can confirm that {cn} will not be progressed. {Committee} considered the matter and concluded that, at present, the cost outweighs the benefit.\n\nThank you for the work done to date; it will be kept on file.\n\nBest regards",
    "Let's shelve {cn}.",
    "Can we put a pin in {cn}? Things are moving and I don't want you working on a version that will be out of date by Friday.",
    "It's with {who} now. You can stand down on {cn}.",
    "Pls leave {cn} for now, will come back to you",
    "That answers my question, thank you. Given the answer, I don't think there is any point continuing with {cn}; the numbers simply won't support it.",
    "{Cn} - let's not. {Boss} has vetoed it.",
    "Following the call with {who}, we have agreed to defer {cn} to the next reporting cycle.",
    "Understood. In that case we shall wait for the signed version before doing anything more on {cn}. I'll be in touch.",
    "I have to step away for the rest of the week, and {cn} can wait until I am back. Please don't progress it in my absence.",
    "Thank you. Please note that {cn} is now the responsibility of {per} in {team}; I shall make sure they have your notes.",
    "There has been a development. {evs} So {cn} is on hold until we know more.",
    "Drop it - {cn}, I mean. Not worth it.",
    "Hmm. I had hoped we would get further on {cn}, but I don't think we will, and I would rather stop here than produce something half-baked.",
    "In light of {evn}, {cn} is suspended with immediate effect.",
    "Nothing more on {cn} today, please; the partner wants to review the approach before we go further.",
    "ok, let's call it a day on {cn}. thanks",
    "Apologies for the mixed messages. To be clear, we are NOT going ahead with {cn}.",
    "Kindly put {cn} on the back burner until {per} is back from leave on the 18th.",
    "The matter has settled, so {cn} is no longer required.",
    "Updated tracker, for your records:\n\n| Workstream | Owner | Status |\n|---|---|---|\n| {Cn} | {who} | transferred |\n\nNo further action on your side.",
    "See below from {boss}:\n\n> Thanks all. Having considered it, I don't want us to progress {cn} this side of Christmas. Let's revisit in the new year.\n\nSo please leave it there.",
    "With regret, we are going to have to let {cn} go. {Boss} is not persuaded it is worth the cost, and I do not feel able to argue otherwise.",
    "Thanks for the draft. Before you refine it any further: the partner has told me that {cn} is to be handled by the London office, and they have their own template. So we can stop.",
)

# ---------------------------------------------------------------- resume templates
# Back to the earlier stopped task ({sn} / {sd}, or not named); {cn} is the task done in between.
_RESUME: tuple[str, ...] = (
    "Thank you, that is {cn} dealt with. Could we now return to {sn}?",
    "Now that {cn} is off my desk, let's pick up where we left off on {sn}.",
    "Right - back to the other matter, please.",
    "Good, thanks. Where had we got to with {sd}? Let's carry on with that.",
    "{Boss} has given the green light, so {sn} is back on. Please continue from where you stopped.",
    "Great, that will do for {cn}. Can we go back to what we parked {when}?",
    "Dear Assistant,\n\n{Per} is now back from leave and has confirmed the figures, so we are in a position to resume {sn}. We would be grateful if you could take it forward from the point you had reached.\n\nKind regards",
    "Resume {sn}, please.",
    "A few points:\n\n1. Thank you for turning {cn} around so quickly.\n2. I have sent it on to {who}.\n3. With that out of the way, we can revert to {sn} - I think you were part way through when I interrupted you.",
    "The signed copy has now come through, so the hold on {sn} is lifted. Over to you.",
    "OK - the thing from before. Let's finish it.",
    "Let's get back to {sd}.",
    "{Cn}: perfect, thank you. Now, the piece I asked you to put down {when} - can you pick it up again?",
    "Following {evn}, {sn} is a live issue again. Please carry on with it.",
    "Thanks. And now, if you would, the earlier one: {sn}.",
    "So, where were we before all this? Let's get back to it.",
    "back to {sn} pls",
    "I have looked at your note on {cn} and I am content. Let us now revisit {sn}; the position has moved since we parked it and I think it can be finished.",
    "With {cn} signed off, I should like to take up {sn} again, same scope as before.",
    "The query from {who} has been resolved, so you can go ahead with {sn} as originally planned.",
    "Can we return to the matter we set aside earlier? I now have the information we were missing.",
    "Many thanks. Turning back to {sd}: please proceed.",
    "We're unblocked on {sn} - carry on.",
    "That is everything on {cn}. Over to {sn} again, please, picking up from where you left it.",
    "Dear all,\n\nI write further to our discussion last week. {Committee} has now met and, subject to two minor points that do not affect your work, has approved the approach. Accordingly, {sn} can be recommenced.\n\nKind regards",
    "Now that's out of the way, let's go back to what we were doing before.",
    "Can you dust off {sn}? It is needed after all.",
    "Following the partner's review this morning, {sn} is back on the agenda, and I would be grateful if you would pick it up.",
    "Sorry for the detour. {Sn}, then - from where you left off.",
    "OK, {cn} is done. Let's restart {sn}.",
    "Good. Now, about {sd}: I should like to get that finished today.",
    "In light of {evn}, we will need {sn} after all. Please carry on from where we paused.",
    "Thank you. Reverting to the original request: please continue.",
    "The lull gives us a chance to get back into {sn}. Shall we?",
    "That's all I needed on {cn}. Let's turn back to {sn}, which I put on hold {when}.",
    "Returning to the earlier item (the one {who} was chasing), please take it from there.",
    "Thanks. I am now in a position to come back to {sn}: {who} has confirmed we can proceed.",
    "re the one we paused - go ahead now",
    "Please pick {sn} back up.",
    "Back on {sn}, please - the client has re-instructed us.",
    "Excellent. Shall we get {sn} over the line now?",
    "Having reflected over the weekend, I was too hasty in dropping {sn}. Can we reinstate it and carry on?",
    "Thank you for your patience on {sd}. We can now continue with it.",
    "{Cn} is with {who} for sign-off. In the meantime, let's get on with what we had left, namely {sn}.",
    "I have just realised we never finished {sn}. Let's do that now.",
    "Revised tracker:\n\n| Workstream | Status |\n|---|---|\n| {Cn} | complete |\n| {Sn} | reopened - back with you |\n\nPlease pick up from your last draft.",
    "The relevant extract from the committee minutes:\n\n> The Committee noted the update and agreed that work on {sn} should recommence.\n\nOver to you, from where you stopped.",
    "Thanks for that. The reason I had you stop {when} no longer applies, so please carry on where you were.",
)

# ---------------------------------------------------------------- reply templates
# Everything else said about the task in force ({cn}); {pn} is some other, parked task.
_REPLY_PLAIN: tuple[str, ...] = (
    "Thank you - that looks right. Please carry on.",
    "How are you getting on with {cn}?",
    "Any update on {cn}? {Boss} is asking.",
    "Yes, please proceed on that basis.",
    "Approved, subject to {who} confirming the figures.",
    "Could you set out your workings for {cn} in a separate tab so that {who} can follow them?",
    "Small correction on {cn}: please refer to {per} by full name and job title throughout.",
    "To answer your question: yes, use the figures from the second version.",
    "Thanks. Could you keep {cn} to two pages if at all possible?",
    "When do you expect to have a first draft of {cn}?",
    "Some context on {cn}: {per} has dealt with a similar point before and may have a precedent on file.",
    "That is helpful, thank you. I shall review it properly tonight.",
    "Please copy {who} on anything you send on {cn}.",
    "Is there anything you need from me to finish {cn}?",
    "I agree with your approach on {cn}. Please make sure the assumptions are listed up front.",
    "We would be grateful if you could highlight any points of judgement in {cn} in yellow for {boss} to review.",
    "Can you confirm the source for each figure?",
    "Noted, thanks. Keep going.",
    "Good progress. Just make sure it ties back to the signed-off numbers.",
    "fine by me",
    "I'm not sure I follow your second paragraph - could you explain it more simply?",
    "Thanks. For context, {boss} will see {cn} before it goes out, so a draft is fine.",
    "Dear Assistant,\n\nThank you for your note of this morning on {cn}. I have shared it with {who}, who agrees with the broad approach subject to two points: first, that the language should be neutral as to fault; second, that any figures should be shown both gross and net. Please reflect these in the next turn.\n\nKind regards",
    "Apologies, I should have said at the outset that this is for an external audience. Please adjust the tone of {cn} accordingly.",
    "Could you add a short executive summary at the top?",
    "How long is this likely to take?",
    "ok, go ahead",
    "Sorry, I missed your question. The answer is no - we don't have a later version.",
    "Following up on {cn}: could you let me have what you have by {date}?",
    "As discussed, {cn} should follow the house style: numbered paragraphs, please.",
    "Thanks. I have checked the first section and it is fine; waiting on the rest.",
    "Could you double-check the totals? Something looks out by a small amount.",
    "Please don't circulate {cn} beyond {per} and me.",
    "Re {cd}: yes, that is the one.",
    "We would be grateful if, for each conclusion in {cn}, you could state the level of confidence and anything that would change it.",
)
_REPLY_HARD: tuple[str, ...] = (
    "On {cn}, please don't stop at the first discrepancy; list all of them and then we can decide which to pursue.",
    "If you reach a point on {cn} where a judgement call is needed, pause and flag it to me rather than guessing. Otherwise, please carry on.",
    "Keep going with {cn}. For the avoidance of doubt, the cancellation of Friday's meeting has no bearing on it.",
    "Out of interest, where did we get to with {pn} before we parked it? No need to pick it up - I just need to tell {who} where it stands.",
    "Could you present {cn} as a simple table instead of narrative? Same content.",
    "Rather than e-mailing {cn} to {who}, could you upload it to the shared folder instead?",
    "I'm not asking you to switch anything, just to double-check the workings on {cn} before it goes out.",
    "The earlier version of {cn} was clearer. Can you go back to that structure but keep the new figures?",
    "{Boss} asked whether we should put {cn} on hold. I have said no, so please press on.",
    "Please don't drop the footnotes from {cn}; they need to stay in.",
    "Please leave {pn} where it is - I only mention it because {who} asked. Carry on with {cn}.",
    "Is {pn} still on hold, by the way? Just checking my list; no action needed.",
    "We will come back to the formatting of {cn} later. For now the substance is what matters, so please continue.",
    "For now, stop worrying about the presentation of {cn} and concentrate on getting the numbers right.",
    "Sorry, I had to step away - back now. Where had you got to on {cn}?",
    "You can switch the order of the second and third sections of {cn} if it reads better.",
    "I broke off reading your draft of {cn} halfway through to take a call. It is fine so far; carry on with the remainder.",
    "Quick question on {cn}: if {who} cancels tomorrow's meeting, does that change our deadline? I would assume not.",
    "Not a change of plan, just a clarification on {cn}: the figures should be in thousands.",
    "Later in {cn}, where you discuss the risks, please cross-refer to the policy rather than quoting it.",
    "{Who} wants to know if we are dropping {cn}. We are not. Please keep at it.",
    "You asked whether to stop at the summary. No - please carry {cn} through to the detailed schedules.",
    "I would rather we didn't put {cn} aside, even though it is slow going. Keep at it.",
    "What we parked {when} ({pn}) stays parked. I mention it only so that you don't duplicate anything from it in {cn}.",
    "Should I tell {boss} we will have {cn} by {date}, or is that too tight? Instead of rushing, I would rather give a realistic date.",
    "Could you resume from the fourth section of {cn}? The earlier sections are fine now.",
    "Hold on - before you send {cn}, can you check the date on the cover page?",
    "Let's not cancel anything; {cn} can proceed as planned. {Who} just needed some reassurance.",
    "Back to your question on {cn}: the answer is yes, include the prior-year comparatives.",
    "Alternatively, if it's quicker, you could build {cn} from {per}'s template instead of starting from scratch.",
    "Please put a 'Draft - subject to review' watermark on {cn} instead of 'Final'.",
    "If {boss} tells you directly to stop {cn}, please let me know before acting on it; I think there has been a misunderstanding.",
    "Can you park the open questions on {cn} in an appendix and keep going with the main text?",
    "The hold on {pn} is unrelated to {cn}, so there is no need to pause. Carry on.",
    "We will switch to the new template for {cn} next quarter, not this time; use the old one for now.",
    "Tracker as of today:\n\n| Workstream | Status |\n|---|---|\n| {Cn} | in progress (you) |\n| {Pn} | on hold |\n\nNo change - please carry on as you are.",
)
_REPLY: tuple[str, ...] = _REPLY_PLAIN + _REPLY_HARD


# ---------------------------------------------------------------- builders
def _switch_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, new = rng.sample(_TASKS, 2)
        text = _fill(template, rng, cur, new=new)
        return {"kind": "switch", "text": text, "current_task": cur.ask, "stopped_task": None}

    return build


def _stop_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur = rng.choice(_TASKS)
        text = _fill(template, rng, cur)
        return {"kind": "stop", "text": text, "current_task": cur.ask, "stopped_task": None}

    return build


def _resume_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        between, stopped = rng.sample(_TASKS, 2)
        text = _fill(template, rng, between, stopped=stopped)
        return {
            "kind": "resume",
            "text": text,
            "current_task": between.ask,
            "stopped_task": stopped.ask,
        }

    return build


def _reply_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = rng.sample(_TASKS, 2)
        text = _fill(template, rng, cur, other=other)
        return {"kind": "reply", "text": text, "current_task": cur.ask, "stopped_task": None}

    return build


def _specific_reply_builder(task: Task, text: str) -> Builder:
    def build(rng: random.Random) -> Case:
        return {"kind": "reply", "text": text, "current_task": task.ask, "stopped_task": None}

    return build


def _builders() -> dict[str, list[Builder]]:
    return {
        "switch": [_switch_builder(t) for t in _SWITCH],
        "stop": [_stop_builder(t) for t in _STOP],
        "resume": [_resume_builder(t) for t in _RESUME],
        "reply": [_reply_builder(t) for t in _REPLY]
        + [_specific_reply_builder(task, r) for task in _TASKS for r in task.replies],
    }


# ---------------------------------------------------------------- e-mail register noise
_GREETINGS = (
    "Hi,\n\n",
    "Hello,\n\n",
    "Good morning,\n\n",
    "Dear Assistant,\n\n",
    "Hi - ",
    "Afternoon. ",
    "Hello again,\n\n",
    "Thanks for your e-mail.\n\n",
)
_SIGNOFFS = (
    "\n\nKind regards,\nMarta",
    "\n\nBest wishes\nOliver Grant\nHead of Financial Reporting",
    "\n\nMany thanks,\nJ.",
    "\n\nRegards,\nSanne Achterberg | Group Legal",
    "\n\nSent from my iPhone",
    "\n\nThanks\nR",
    "\n\nWith best regards,\nDr K. Mensah\nChief Compliance Officer",
    "\n\nThis e-mail and any attachments are confidential and may be legally privileged. If you are not the intended recipient, please notify the sender immediately and delete it from your system.",
    "\n\nBW, Fiona",
)
_OPENERS = ("dear", "hi", "hello", "good ", "morning", "afternoon", "thanks for your")
_WORD = re.compile(r"\b[a-z]{6,}\b")


def _typo(text: str, rng: random.Random) -> str:
    words = list(_WORD.finditer(text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    swapped = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    return text[: m.start()] + swapped + text[m.end() :]


def _register(text: str, rng: random.Random) -> str:
    """Apply e-mail register noise to some messages."""
    if rng.random() < 0.22 and not text.lower().startswith(_OPENERS):
        text = rng.choice(_GREETINGS) + text
    if rng.random() < 0.22 and "regards" not in text.lower()[-40:]:
        text = text + rng.choice(_SIGNOFFS)
    if rng.random() < 0.05:
        text = re.sub(r"\bplease\b", "pls", text, count=1)
    if rng.random() < 0.10:
        text = _typo(text, rng)
    if rng.random() < 0.07:
        text = text.lower()
    if rng.random() < 0.08 and text.endswith("."):
        text = text[:-1]
    if rng.random() < 0.10:
        text = text.replace(". ", ".  ")
    return text


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip()


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
