# ruff: noqa: E501
"""Held-out corpus ``u`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of people whose first language is not English
(Indian, Chinese, Brazilian, German, Nigerian, Russian, Spanish and Korean speakers) who steer
an AI agent at work or at home: coding, data, office paperwork, travel booking, shopping and
accounting. Opened while writing: only lines 1-60 of ``benchmarks/_turns_corpus_t.py`` (its
docstring, imports and ``KINDS``) and that file's ``generate`` function and ``__main__``
self-check, to copy the interface; none of its wording is reused. NOT opened, grepped, listed
or run: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every other
``benchmarks/_turns_corpus_*.py`` file, the ``bench_*.py`` scripts, ``train_turn_model.py``,
``turns_model_loco.py`` and ``turn_features_loco.py``. packlight was not imported, and no
classifier was run on this corpus; do not tune this file against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked,
  deferred or handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier,
  named or not) or ``"reply"`` (everything else said mid-task: feedback, answers, questions,
  extra detail on the same task, approvals, nudges, corrections and hard look-alikes);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 36 tasks across eight first-language backgrounds and six domains, each with concrete names,
  ids, files, people and amounts: a GST invoice ``INV-2291`` for Sharma Traders, a GRU-Lisbon
  flight, an NPE at ``OrderService.java:212``, ``Kundenliste_2024.xlsx`` cleanup, inverter
  generators on Jumia, the Volga Logistics contract No. 45/2024, an EXIF photo renamer, a BBVA /
  Holded reconciliation, a leave letter to Mr. Raghavan, a Q3 pivot chart for slide 4, Django
  3.2 to 4.2, a Kyoto hotel, a family budget in naira, a slow Postgres stock report, Hanbit
  Partners minutes, a washing machine for Valencia, Einkommensteuer receipts, a Spring Boot
  payslip endpoint, a Power BI NPS dashboard, a VFS Schengen appointment, GitLab CI for
  ``lager-service``, a landlord email, a PAYE payroll, es/ca locales, a gift with delivery to
  Kazan, a KPI deck, a Coupang price scraper, Paystack in Flutter, an Istanbul itinerary,
  USD-to-RMB invoice conversion, a Nubank cover letter, an iPhone SE login layout, Cologne
  electricity tariffs, branch attendance, ``tariff_calc.py`` tests and a desk-supply proposal.
- Each task carries nicknames, two imperative request phrases (used when it is the NEW task of
  a switch), a context-only line that implies the work without asking ("Sharma ji called, he
  still has not received ..."), a "moot" line that makes the task pointless without a stop
  word (someone else did it, the trip is off, the vendor changed), a "done" line, a pasted
  artefact (stack trace, CSV rows, EXPLAIN output, contract clause, tariff sheet, e-mail
  draft) and five or six same-task replies, about half of them hard look-alikes where stop /
  cancel / pause / drop / kill / leave / later / back / instead / switch / terminate are the
  task's own subject matter (a cancelled transfer, ``apply_pause_discount()``, "Back to cart",
  a stopover, "make it later in the email", an interruptible pipeline).
- The English carries first-language patterns but the intent is clear: article and
  preposition drops, tense slips ("I didn't knew"), Indian office idiom ("do the needful",
  "kindly revert", "do one thing", "return back", "this one is not needed more"), German
  word order and "I want that you", Portuguese / Spanish / Russian / Hindi / Yoruba-pidgin
  fragments with a gloss ("Deixa pra la", "chhodo", "abeg", "wahala"), literal idioms ("lay it
  on ice", "make it later", "put it under the cloth").
- Switch, stop and resume wording is mostly indirect: priorities changed, a deadline, a hand
  over to a named colleague, a boss's pasted e-mail, the task made moot, a new problem given
  only as context after the old one is dropped, the new request first and the drop at the
  end, "first do X, after that maybe we return to Y"; resumes that name the old task, that
  only say "the earlier one", and that say "revert to" or "unpark". Replies include questions
  about a parked task that explicitly do not resume it, alternatives for the same task,
  undo requests ("go back to the first version"), and "I said leave it only about the colour".
- Seeded slot filling over 241 generic templates (72 switch, 50 stop, 50 resume, 69 reply)
  plus the 216 task-specific replies, then light register noise on some cases
  (lowercasing, greetings and sign-offs in several languages, ``pls``/``u``, a dropped final
  period, doubled question marks, one letter-swap typo). Standard library only.

``python benchmarks/_turns_corpus_u.py`` prints the self-check.
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


@dataclass(frozen=True)
class Task:
    """One concrete task a person may hand to the agent."""

    ask: str
    refs: tuple[str, ...]
    do: tuple[str, ...]
    ctx: str
    moot: str
    done: str
    paste: str
    replies: tuple[str, ...]


_TASKS: tuple[Task, ...] = (
    Task(
        ask="Please prepare GST invoice for Sharma Traders for October supply, invoice no. INV-2291, amount Rs 1,84,500 plus 18% GST. Kindly show CGST and SGST separately.",
        refs=("the Sharma Traders invoice", "INV-2291", "the GST invoice"),
        do=(
            "prepare the GST invoice INV-2291 for Sharma Traders, Rs 1,84,500 plus 18% GST",
            "make invoice for Sharma Traders October supply, number INV-2291, with CGST and SGST split",
        ),
        ctx="Sharma ji called just now, still he has not received the October invoice INV-2291 and his accountant needs it today for GSTR-1.",
        moot="Sharma Traders cancelled the whole October order, so there is no invoice to raise.",
        done="Invoice INV-2291 is sent to Sharma Traders.",
        paste="Taxable value: 1,84,500.00\nCGST @9%: 16,605.00\nSGST @9%: 16,605.00\nTotal: 2,17,710.00",
        replies=(
            "Sharma Traders is in same state only, so CGST and SGST is correct, not IGST. Proceed.",
            "Put our GSTIN 29ABCDE1234F1Z5 at top right and HSN code 9403 in the line item.",
            "Add one line at bottom: 'Kindly pay within 30 days, else interest @18% p.a.' They always pay late.",
            "Cancel the old draft number INV-2290, that one was wrong. This invoice should be INV-2291 only.",
            "Amount in words also please, like 'Rupees Two Lakh Seventeen Thousand Seven Hundred Ten only'.",
            "Is it required to stop charging GST if they are under composition scheme? Just tell me, then continue the invoice.",
        ),
    ),
    Task(
        ask="Book me a flight from São Paulo GRU to Lisbon on 14 March, economy, window seat if possible, maximum R$ 4.500.",
        refs=("the Lisbon flight", "the GRU-LIS booking", "the flight to Lisbon"),
        do=(
            "book a flight GRU to Lisbon for 14 March, economy, until R$ 4.500",
            "find me a ticket São Paulo to Lisbon on 14/03 with window seat",
        ),
        ctx="My company just confirmed the Lisbon congress, I need to be there 15 March morning and still I have no ticket.",
        moot="The travel agent of my company already booked the Lisbon flight for me, I got the e-ticket by mail.",
        done="The Lisbon ticket is booked, e-ticket arrived.",
        paste="TAP TP 082  GRU 14MAR 16:05 -> LIS 15MAR 06:10  Economy Classic  R$ 4.312,00",
        replies=(
            "TAP is good, but check also LATAM with a stop in Madrid, maybe is cheaper.",
            "Stopover is ok for me if less than 3 hours. More than that, no.",
            "I prefer the night flight, I sleep in the plane.",
            "If the fare has free cancellation, better. If not, also ok.",
            "My passport is FX123456, valid until 2031. Name exactly as in passport: SOUZA/RAFAEL MR.",
            "No, return ticket not now, only one-way. The way back I will buy later.",
        ),
    ),
    Task(
        ask="Help me fix the NullPointerException in OrderService.java line 212, it happen when the coupon is empty.",
        refs=("the NPE in OrderService", "the OrderService bug", "the coupon null pointer"),
        do=(
            "fix the NullPointerException in OrderService.java line 212 when coupon is empty",
            "check why OrderService throws NPE at line 212 for orders without coupon",
        ),
        ctx="Production log is full of NullPointerException from OrderService line 212, all orders without coupon are failing since this morning.",
        moot="Wang Lei already pushed a fix for the OrderService NPE last night, it is in production.",
        done="The OrderService fix is merged, no more NPE in the log.",
        paste='java.lang.NullPointerException: Cannot invoke "Coupon.getDiscount()" because "coupon" is null\n    at com.shop.order.OrderService.calcTotal(OrderService.java:212)\n    at com.shop.order.OrderController.submit(OrderController.java:87)',
        replies=(
            "Please not just catch the exception, I want the real fix. Use Optional maybe?",
            "When coupon is null the discount should be 0, not throw. This is the business rule.",
            "Also add a unit test for the case coupon is empty, our leader will check.",
            "Don't stop the order flow when coupon is invalid, just ignore the coupon and continue to calculate.",
            "The cancelOrder() method has same problem I think, line 340. Fix both in the same commit.",
            "I tried your change, now it compiles but OrderServiceTest.testNoCoupon still fail:\n\nexpected:<100.00> but was:<0.00>",
        ),
    ),
    Task(
        ask="Please clean the Kundenliste_2024.xlsx: remove duplicate customers, normalise the PLZ column to 5 digits and export as CSV with semicolon.",
        refs=("the Kundenliste cleaning", "the customer list", "the Excel cleanup"),
        do=(
            "clean the Kundenliste_2024.xlsx, remove the duplicates and fix the PLZ to 5 digits",
            "deduplicate the customer list Kundenliste_2024.xlsx and export it as CSV",
        ),
        ctx="The mailing to our customers goes out on Friday and the Kundenliste_2024.xlsx is still full of duplicates and broken PLZ like 1067 instead of 01067.",
        moot="Marketing decided to take a fresh export from the CRM, the old Kundenliste_2024.xlsx goes to the bin.",
        done="The Kundenliste CSV is uploaded to the mailing tool.",
        paste="Kd-Nr;Name;PLZ;Ort\n10233;Müller GmbH;1067;Dresden\n10234;Müller GmbH;01067;Dresden\n10235;Schulz & Co;80331;München",
        replies=(
            "Duplicate means same Kd-Nr OR same name plus same PLZ. Both cases.",
            "Keep the umlauts, don't change ü to ue please, the mailing tool can handle UTF-8.",
            "When two rows are duplicate, keep the newer one and drop the older. Column 'Geändert am' has the date.",
            "PLZ with 4 digits, put 0 in front. This is from Excel, it kills the leading zero always.",
            "Separator semicolon, not comma. In Germany Excel opens it better.",
            "How many duplicates you found? Only the number, then continue.",
        ),
    ),
    Task(
        ask="Help me compare three inverter generators under ₦850,000 on Jumia, not too noisy, for a 3-bedroom flat in Ibadan.",
        refs=("the generator comparison", "the Jumia generators", "the gen research"),
        do=(
            "compare three inverter generators on Jumia under ₦850,000 for a 3-bedroom flat",
            "help me choose a quiet inverter generator, budget ₦850,000",
        ),
        ctx="NEPA has taken light for four days now and my neighbour says the generator prices on Jumia will increase next week.",
        moot="My brother-in-law is relocating to Canada and he is giving us his own generator, almost new.",
        done="I have ordered the generator, they deliver Thursday.",
        paste="Firman SPG3000 - ₦615,000 - 3.0kVA\nElepaq EC6990 - ₦780,000 - 5.5kVA\nSumec Firman ECO8990ES - ₦1,120,000",
        replies=(
            "The Sumec one is above my budget, remove it and bring another one.",
            "Check if it has key start, my wife cannot pull the rope.",
            "Which of them can stop by itself when oil is low? That one is important for me.",
            "Noise in dB please, I don't want wahala with my neighbours.",
            "Kindly check also Konga, maybe same generator is cheaper there. Then compare.",
            "Abeg no diesel ones, only petrol.",
        ),
    ),
    Task(
        ask="Translate the contract with Volga Logistics (Договор №45/2024) to English, keep the numbering of the articles exactly as in the original.",
        refs=(
            "the Volga contract translation",
            "the contract No. 45",
            "translation of the contract",
        ),
        do=(
            "translate the Volga Logistics contract No. 45/2024 into English with the same numbering",
            "make English version of Договор №45/2024 with Volga Logistics",
        ),
        ctx="Our partners from Hamburg need the English text of the Volga Logistics contract No. 45/2024 before they sign, they asked already two times.",
        moot="Volga Logistics sent their own English version of contract No. 45, checked by their lawyer, and Hamburg accepted it.",
        done="The translated contract is sent to Hamburg.",
        paste="4.2. Поставщик вправе приостановить отгрузку в случае просрочки оплаты более чем на 10 (десять) банковских дней.",
        replies=(
            "'Поставщик' translate as 'the Supplier' with capital letter everywhere, legal style.",
            "Article 4.2 is about the right to suspend shipment when payment is late. 'Приостановить' is 'suspend', not 'stop'.",
            "Section 9 about termination of the contract, please be very careful, the lawyer will check every word.",
            "Numbers in brackets in words also, like '10 (ten)'. Keep as in original.",
            "Don't translate the bank details, leave them as they are.",
            "How long still? I must send it before 18:00 Moscow time.",
        ),
    ),
    Task(
        ask="Write a Python script to rename all photos in D:\\Photos\\2023 by their EXIF date, format YYYY-MM-DD_HHMM.",
        refs=("the photo rename script", "the EXIF renaming", "the photo script"),
        do=(
            "write a Python script that renames my photos in D:\\Photos\\2023 by EXIF date",
            "make a small script to rename all photos by the date they were taken",
        ),
        ctx="My photos from 2023 are all named like IMG_4821.JPG and KakaoTalk_20230512..., I cannot find anything, they should be named by the date taken.",
        moot="I found that Google Photos already sorts everything by date, file names are not important for me anymore.",
        done="The photo script worked, all 2023 photos are renamed.",
        paste='Traceback (most recent call last):\n  File "rename.py", line 14, in <module>\n    dt = exif[36867]\nKeyError: 36867',
        replies=(
            "Some photos are from KakaoTalk and have no EXIF. For them use the file modified date instead.",
            "If two photos have same minute, add _01, _02 at the end, don't overwrite.",
            "First make a dry run, only print what will be renamed, don't rename yet.",
            "I have also .HEIC files from iPhone, the script should handle them too.",
            "Can you add a way to stop it with Ctrl+C safely, without breaking the files?",
            "Which library I must install? pip install what?",
        ),
    ),
    Task(
        ask="Reconcile the BBVA bank statement of September with our ledger in Holded and list what is not matching.",
        refs=("the BBVA reconciliation", "the September reconciliation", "the bank reconciliation"),
        do=(
            "reconcile the September BBVA statement with the Holded ledger and list the differences",
            "do the bank reconciliation BBVA against Holded for September",
        ),
        ctx="The gestoría needs the September bank reconciliation before 10 October and I have not even opened the BBVA statement.",
        moot="The gestoría told me the September reconciliation they do themselves, it is included in their fee.",
        done="The BBVA reconciliation is closed, the gestoría has it.",
        paste="15/09  TRANSFERENCIA RECIBIDA  CLIENTE ALVAREZ SL  +2.340,00\n18/09  COMISION MANTENIMIENTO            -12,00\n22/09  RECIBO DOMICILIADO IBERDROLA         -187,43",
        replies=(
            "The bank commissions of 12 euros, put them in account 626, they are not in Holded yet.",
            "One transfer from Álvarez SL was cancelled and sent again, so you will see it two times. Count only once.",
            "Differences less than 1 euro you can ignore, it is rounding.",
            "Check also the direct debits (recibos domiciliados), last month one Iberdrola was duplicated.",
            "Stop marking the Stripe payouts as unknown, they are sales, account 705.",
            "Give me the list in Excel, with a column 'motivo' for each difference.",
        ),
    ),
    Task(
        ask="Draft a leave application to my manager Mr. Raghavan for 5 days from 20th December, reason is my sister's marriage in Coimbatore.",
        refs=("the leave letter", "the leave application", "the leave mail to Raghavan sir"),
        do=(
            "draft a leave application to Mr. Raghavan for 5 days from 20 December for my sister's marriage",
            "write my leave mail for sister's marriage, 20 to 24 December",
        ),
        ctx="My sister's marriage is fixed on 22nd December in Coimbatore and I have not yet applied leave, Raghavan sir is asking.",
        moot="My sister's marriage got postponed to next year, so I don't need any leave in December.",
        done="Leave is applied and Raghavan sir approved.",
        paste="Respected Sir,\nI am writing to request leave for 5 days from 20/12 to 24/12 due to my sister's marriage.",
        replies=(
            "Make it more polite, Raghavan sir is very old school. Start with 'Respected Sir'.",
            "Mention that Priya will handle my tickets while I am on leave.",
            "Change the dates: from 19th to 24th, 6 days. One extra day I need for travel.",
            "Write also that I will be reachable on phone for urgent matters.",
            "Don't use the word 'holiday', in our company it means something else. Say 'leave' only.",
            "Later part about the handover, make it one line only, not full paragraph.",
        ),
    ),
    Task(
        ask="Make a pivot chart from sales_q3.csv showing monthly revenue per region, and put it in slide 4 of the PPT.",
        refs=("the Q3 sales chart", "the chart for slide 4", "the pivot chart"),
        do=(
            "make a pivot chart of monthly revenue per region from sales_q3.csv for slide 4",
            "create the Q3 revenue by region chart and put it in PPT slide 4",
        ),
        ctx="Director Zhang wants to see Q3 revenue by region in tomorrow's meeting, slide 4 of the deck is still empty.",
        moot="Director Zhang cancelled tomorrow's meeting and the Q3 review will be done by finance team directly.",
        done="The Q3 chart is in slide 4, Director Zhang saw it.",
        paste="region,month,revenue\nEast China,2024-07,1283400\nSouth China,2024-07,964200\nNorth China,2024-07,712800",
        replies=(
            "Use stacked column, not line. Director Zhang does not like line chart.",
            "Revenue show in 万 (ten thousands), not the full number, too long.",
            "The region 'Other' please drop from the chart, it is very small.",
            "Colors same like company template: blue and grey.",
            "Switch the axis: months on x-axis, regions as series.",
            "Why September is so low? Check if data is complete, maybe the export stopped in middle.",
        ),
    ),
    Task(
        ask="Migrate our Django project from 3.2 to 4.2, start with the settings and the deprecated url() calls.",
        refs=("the Django upgrade", "the migration to 4.2", "the Django 4.2 work"),
        do=(
            "upgrade our Django project from 3.2 to 4.2, first the settings and the url() calls",
            "start the Django 3.2 to 4.2 migration",
        ),
        ctx="Django 3.2 is out of support and the security team opened ticket SEC-118 saying we must be on 4.2 this sprint.",
        moot="Management decided to rewrite the whole backend in FastAPI next year, so upgrading Django makes no sense.",
        done="The Django 4.2 upgrade is deployed in staging.",
        paste="ImportError: cannot import name 'url' from 'django.conf.urls' (/venv/lib/python3.10/site-packages/django/conf/urls/__init__.py)",
        replies=(
            "Replace url() with re_path only where there is regex, the others use path(). Fica mais limpo.",
            "USE_L10N is deprecated, you can remove it.",
            "Don't touch the migrations folder, only settings and urls for now.",
            "DEFAULT_AUTO_FIELD put BigAutoField, but don't generate new migrations for old models.",
            "The celery tasks use the old revoke signal to cancel jobs, check they still work after upgrade.",
            "Run the tests after each step, don't do everything at once.",
        ),
    ),
    Task(
        ask="Find me a hotel in Kyoto for 3 nights from 8 April, near a subway station, maximum 150 euro per night, with free cancellation.",
        refs=("the Kyoto hotel", "the hotel search", "the hotel in Kyoto"),
        do=(
            "find a hotel in Kyoto for 3 nights from 8 April, max 150 euro, near the subway",
            "search me a Kyoto hotel 8 to 11 April with free cancellation",
        ),
        ctx="Our Japan trip is now fixed, we arrive in Kyoto on 8 April for 3 nights and still we have nowhere to sleep.",
        moot="A colleague has a friend in Kyoto and we can stay in his guest room for free.",
        done="The Kyoto hotel is booked.",
        paste="Hotel Gracery Kyoto Sanjo - €142/night - 3 min to Sanjo-Keihan - free cancellation until 5 April",
        replies=(
            "Free cancellation is a must, we are not 100% sure about the dates.",
            "Not a capsule hotel please, we are two persons with big luggage.",
            "Near Kyoto Station is also fine, then we can go back easily to the Shinkansen.",
            "Breakfast is not necessary, we eat outside.",
            "150 euro is for the room, not per person. Please check the prices again.",
            "The one with onsen is nice, but it is too far. Stay with central ones.",
        ),
    ),
    Task(
        ask="Make a monthly budget for my family in Google Sheets, income is ₦620,000 and school fees are paid every term.",
        refs=("the family budget", "the budget sheet", "the monthly budget"),
        do=(
            "make a monthly family budget in Google Sheets, income ₦620,000, school fees per term",
            "help me set up a budget sheet for my family",
        ),
        ctx="Every month our money is finishing before the 20th and my wife and I keep arguing, we need to plan the spending properly.",
        moot="My wife already made the budget in her notebook and she says she prefers paper.",
        done="The budget sheet is shared with my wife.",
        paste="Rent (yearly) 1,800,000\nSchool fees (per term) 350,000\nFuel for gen ~60,000/month\nFoodstuff ~180,000/month",
        replies=(
            "Rent is paid yearly, so divide by 12 and put it monthly.",
            "Add a line for church offering and ajo contribution.",
            "Fuel for generator is big now, put at least ₦80,000.",
            "If we stop the DSTV subscription, how much we save in one year?",
            "Show in which month the school fees fall due: January, May and September.",
            "Cancel the column for savings goal, I will put it later myself.",
        ),
    ),
    Task(
        ask="Optimize the SQL query for report 'Остатки на складе', it runs 40 seconds on Postgres. I send you the EXPLAIN.",
        refs=("the slow warehouse query", "the stock report query", "the 'Остатки' query"),
        do=(
            "optimize the stock report query 'Остатки на складе', it takes 40 seconds in Postgres",
            "look at the slow warehouse report query and make it faster",
        ),
        ctx="Warehouse people complain that the report 'Остатки на складе' takes 40 seconds and sometimes gives timeout, they cannot work.",
        moot="The DBA team rewrote the 'Остатки на складе' report yesterday as materialized view, now it opens in one second.",
        done="The stock query is fixed, now 2 seconds.",
        paste="Seq Scan on stock_moves sm  (cost=0.00..812345.10 rows=9123456 width=48) (actual time=0.021..31542.881 rows=9120044 loops=1)\n  Filter: (warehouse_id = 7)",
        replies=(
            "Index on warehouse_id exists already, I checked. Problem is somewhere else.",
            "We cannot change the table structure, only the query and indexes.",
            "Query sometimes is cancelled by statement_timeout=30s, that's why users see error. Don't just increase the timeout.",
            "Maybe materialized view? But then refresh must be every 5 minutes.",
            "Don't kill anything on prod, test only on the copy DB.",
            "Here is new EXPLAIN after your index:\n\nIndex Scan using ix_moves_wh_date on stock_moves  (actual time=0.04..2103.5 rows=412000 loops=1)",
        ),
    ),
    Task(
        ask="Prepare the minutes of today's meeting with Hanbit Partners from my notes, in formal style, and list the action items with owners.",
        refs=("the meeting minutes", "the Hanbit minutes", "the minutes"),
        do=(
            "prepare formal minutes of today's Hanbit Partners meeting with action items and owners",
            "write the minutes from my Hanbit meeting notes",
        ),
        ctx="Team Leader Park asked me where are the minutes from the Hanbit Partners meeting, he wants them before 6 pm.",
        moot="Hanbit Partners sent their own minutes already and Team Leader Park said we just use theirs.",
        done="The minutes are sent to Hanbit Partners.",
        paste="- Hanbit: delivery delay 2 weeks (chip shortage)\n- we: ask penalty waiver? -> Mr. Park decide\n- next meeting 11/20, online",
        replies=(
            "Mr. Park write as 'Team Leader Park Ji-hoon', full title.",
            "The part where they said they will stop delivery if no payment, please write softer, 'may suspend'.",
            "Action items put as a table: item, owner, due date.",
            "Don't put my personal comments in brackets, remove them.",
            "Penalty waiver discussion, write that the decision is postponed to next meeting.",
            "Korean names order: family name first, please keep.",
        ),
    ),
    Task(
        ask="Look for a washing machine of 8 kg, energy class A, under 450 euros, that can be delivered to Valencia this week.",
        refs=("the washing machine", "the lavadora search", "the washing machine search"),
        do=(
            "find me a washing machine 8 kg class A under 450 euros with delivery to Valencia this week",
            "look for a new lavadora, 8 kilos, max 450 euros",
        ),
        ctx="Our washing machine broke this morning, water everywhere in the kitchen, and with two small kids we cannot wait.",
        moot="The repair man came and fixed our old washing machine, it was only the pump.",
        done="The washing machine is bought, they bring it Thursday.",
        paste="Balay 3TS982BD - 8 kg - A - 429 € - entrega 3-5 días\nBosch WGG04409ES - 9 kg - A - 499 €",
        replies=(
            "Bosch is 499, over budget. But if the delivery is faster maybe ok, tell me.",
            "They must take the old one also, retirada del electrodoméstico viejo.",
            "Check that it has delayed start, so I can program it at night with cheaper electricity.",
            "Not from marketplace sellers, only from shops like MediaMarkt or El Corte Inglés.",
            "Width maximum 60 cm, the space is small.",
            "If the order can be cancelled before delivery without cost, better.",
        ),
    ),
    Task(
        ask="Prepare my Einkommensteuer documents for 2023: sort the receipts into Werbungskosten and Sonderausgaben and sum each category.",
        refs=("the tax documents", "the Steuererklärung", "the receipts sorting"),
        do=(
            "sort my 2023 receipts into Werbungskosten and Sonderausgaben for the Einkommensteuer",
            "prepare the 2023 tax receipts, summed by category",
        ),
        ctx="The Finanzamt sent a reminder, my Einkommensteuererklärung 2023 must be submitted by 31 July and the receipts are still in a shoe box.",
        moot="I gave everything to a Steuerberater, he will do the whole Steuererklärung.",
        done="The Steuererklärung is submitted in ELSTER.",
        paste="Arbeitszimmer Miete anteilig 1.440,00\nFachbuch 'Clean Code' 39,90\nKirchensteuer 2023 312,00\nHaftpflichtversicherung 78,50",
        replies=(
            "Home office: I worked 180 days from home, so take the Homeoffice-Pauschale, not the Arbeitszimmer.",
            "The laptop for 1.299 euro, write it off in one year, this is allowed since 2021.",
            "Kirchensteuer goes to Sonderausgaben, yes. But I left the church in May, so only until May.",
            "Fahrten zur Arbeit: 23 km one way, 46 weeks.",
            "Stop, this receipt from Saturn is private, the TV. Remove it.",
            "Make a total at the end, for the overview.",
        ),
    ),
    Task(
        ask="Write a REST endpoint in Spring Boot for /api/v1/employees/{id}/payslip which returns the payslip as PDF.",
        refs=("the payslip endpoint", "the payslip API", "the PDF endpoint"),
        do=(
            "write the Spring Boot endpoint /api/v1/employees/{id}/payslip returning PDF",
            "create the payslip PDF API in Spring Boot",
        ),
        ctx="HR team is asking for payslip download in the portal, and the mobile team is blocked because /api/v1/employees/{id}/payslip is not there.",
        moot="The payslip feature is moved to the new HRMS vendor, our team will not build it.",
        done="Payslip API is deployed in UAT.",
        paste='curl -H \'Authorization: Bearer ...\' http://localhost:8080/api/v1/employees/1043/payslip?month=2024-10\n{"status":500,"error":"Internal Server Error","path":"/api/v1/employees/1043/payslip"}',
        replies=(
            "Month should come as query param ?month=2024-10, not path variable.",
            "Employee can see only his own payslip, HR can see all. Add the role check.",
            "Use the iText library only, company already has license.",
            "If employee is terminated, still he should get the old payslips, don't block.",
            "Return 404 if payslip is not generated for that month, not 500.",
            "Kindly write the Swagger annotations also, QA team will test from there.",
        ),
    ),
    Task(
        ask="Create a dashboard in Power BI with the NPS data from the survey, split by store (loja) and by month.",
        refs=("the NPS dashboard", "the Power BI dashboard", "the NPS report"),
        do=(
            "create the Power BI dashboard with NPS by loja and by month",
            "build an NPS dashboard in Power BI from the survey data",
        ),
        ctx="The diretoria meeting is on Thursday and they want to see the NPS per loja, today everything is in a huge Excel that nobody understands.",
        moot="The diretoria decided to buy the dashboard module of the survey tool itself.",
        done="The NPS dashboard is published in the workspace.",
        paste="loja;mes;nota;comentario\nShopping Ibirapuera;2024-08;9;Atendimento ótimo\nPaulista;2024-08;4;Demorou muito no caixa",
        replies=(
            "NPS is % promoters minus % detractors. Promoters 9-10, detractors 0-6. Don't forget.",
            "Put a filter for região: Sul, Sudeste, Nordeste.",
            "The store Paulista closed in July, so stop showing it after July.",
            "Comments column: can you make a word cloud? If too complicated, leave it.",
            "Colors of the company: roxo and branco.",
            "Cancelled surveys (status 'cancelada') must not count in the NPS.",
        ),
    ),
    Task(
        ask="Book the Schengen visa appointment at VFS Bangalore for me and my wife, we are travelling to Germany on 2nd May.",
        refs=("the visa appointment", "the VFS booking", "the Schengen appointment"),
        do=(
            "book a Schengen visa appointment in VFS Bangalore for me and my wife, travel 2 May",
            "check VFS Bangalore slots for German Schengen visa for two persons",
        ),
        ctx="Our Germany trip is on 2nd May and my friend says VFS Bangalore slots are full for the next 6 weeks, and we have not booked anything.",
        moot="The Germany trip is off, my wife's office is not giving leave in May.",
        done="VFS appointment is booked for 12th March.",
        paste="VFS Global - Germany - Bangalore\nNo appointment slots are currently available. Please try again later.",
        replies=(
            "Any slot is ok, even early morning 8 am. We can take leave.",
            "Wife's passport is the new one, number is different from old application. Use new one only.",
            "If Bangalore is full, check Chennai also, we can go by train.",
            "Don't book the premium lounge, extra cost not required.",
            "Keep checking, slots open sometimes at midnight. Don't stop after first try.",
            "Only this 'try again later' message is coming, what to do?",
        ),
    ),
    Task(
        ask="Set up a GitLab CI pipeline for the repo lager-service so that the tests run on every merge request.",
        refs=("the CI pipeline", "the GitLab pipeline", "the pipeline for lager-service"),
        do=(
            "set up GitLab CI for lager-service so the tests run on every merge request",
            "write the .gitlab-ci.yml for lager-service",
        ),
        ctx="In lager-service two merge requests broke main this week because nobody runs the tests, and Herr Wagner is not amused.",
        moot="The company moves all repos to GitHub next month, so a GitLab pipeline is useless now.",
        done="Pipeline for lager-service is green and running.",
        paste="stages:\n  - test\n\nunit-tests:\n  image: python:3.11\n  script:\n    - pip install -r requirements.txt\n    - pytest -q",
        replies=(
            "Runner is our own, tag 'docker-intern', not the shared ones.",
            "Pipeline should be interruptible: when new push comes, the old job must be cancelled.",
            "Cache the pip packages also, it takes too long without.",
            "Stop the pipeline from running on tags, only on MR and main.",
            "Coverage report please, we want to see the percent in the MR.",
            "Job fails with this:\n\nERROR: Job failed: exit code 1\nModuleNotFoundError: No module named 'psycopg2'",
        ),
    ),
    Task(
        ask="Help me write an email to the landlord Mr. Lee that the water heater is broken since 3 days and ask when he can repair.",
        refs=("the landlord email", "the email to Mr. Lee", "the water heater email"),
        do=(
            "write an email to my landlord Mr. Lee about the broken water heater",
            "help me write to Mr. Lee that the water heater is not working",
        ),
        ctx="The water heater in my flat is broken since Monday, we are boiling water in the kettle for shower, and landlord Mr. Lee does not answer WeChat.",
        moot="Mr. Lee came himself this morning and the water heater is already repaired.",
        done="Email to Mr. Lee is sent, he will send the repair man.",
        paste="Dear Mr. Lee,\nThe water heater in flat 12B is not working since 3 days.",
        replies=(
            "Not too angry, he is old man and usually OK. But clear.",
            "Mention that the contract says landlord must repair within 7 days.",
            "Ask him: if he cannot come this week, can I call the repair man myself and deduct from rent?",
            "Flat number is 12B, Block 3, Greenwood Garden.",
            "Don't write that I will stop paying rent, too strong. Remove this sentence.",
            "Make it later in the email, the part about rent. First say the problem.",
        ),
    ),
    Task(
        ask="Calculate the PAYE and pension deductions for our 12 staff for November and fill the payroll template.",
        refs=("the November payroll", "the PAYE calculation", "the payroll"),
        do=(
            "calculate PAYE and pension for our 12 staff for November in the payroll template",
            "do the November payroll deductions, PAYE and pension",
        ),
        ctx="Staff salary must go out by 28th and the November payroll sheet is still empty, the accountant travelled.",
        moot="The accountant came back early and she has done the November payroll herself.",
        done="November salaries are paid.",
        paste="Staff ID | Name | Gross (₦)\nNG-004 | Adebayo Olu | 450,000\nNG-007 | Chioma Eze | 380,000",
        replies=(
            "Pension is 8% employee and 10% employer, on basic plus housing plus transport.",
            "Chioma resigned on 15th, so calculate her salary only for half month.",
            "Tunde is on unpaid leave, stop his salary for November but keep him in the list.",
            "Use the consolidated relief allowance, 20% of gross plus ₦200,000.",
            "Round to nearest naira, no kobo.",
            "Abeg check NHF 2.5% also, some staff contribute.",
        ),
    ),
    Task(
        ask="Add Spanish and Catalan translations to the React app, the strings are in app/locales/en.json.",
        refs=("the translations", "the i18n work", "the Catalan and Spanish strings"),
        do=(
            "add Spanish and Catalan translations to the React app from app/locales/en.json",
            "translate app/locales/en.json to es and ca",
        ),
        ctx="The client from Barcelona says the app is only in English and half of their users complain, app/locales/ has only en.json.",
        moot="The Barcelona client ended the contract, nobody needs Spanish or Catalan now.",
        done="The es and ca translations are live.",
        paste='{\n  "checkout.cancel": "Cancel order",\n  "checkout.back": "Back to cart",\n  "profile.stop_notifications": "Stop notifications"\n}',
        replies=(
            "'Cancel order' in Spanish is 'Cancelar pedido', in Catalan 'Cancel·lar comanda'. Use these.",
            "Use 'tú' form, not 'usted', the app is for young people.",
            "The key 'checkout.back' translate as 'Volver al carrito', not 'Atrás'.",
            "Keep the placeholders like {{count}} exactly, don't translate them.",
            "'Stop notifications' better as 'Desactivar notificaciones', more natural.",
            "Add a small language switcher in the header also, ES / CA / EN.",
        ),
    ),
    Task(
        ask="Find a gift for my daughter, 10 years old, she likes drawing, budget around 5000 rubles, with delivery to Kazan before 28 December.",
        refs=("the gift for my daughter", "the birthday gift", "the gift search"),
        do=(
            "find a gift for my 10-year-old daughter who likes drawing, around 5000 rubles, delivery to Kazan",
            "look for a drawing set for my daughter, up to 5000 rubles",
        ),
        ctx="My daughter's birthday is 28 December and I still have no present, she talks only about drawing and markers.",
        moot="My mother already bought her a big drawing set, so the gift is covered.",
        done="The present is bought, delivery on 26th.",
        paste="Набор маркеров Touch Twin 80 цветов - 3 490 ₽ - Ozon, доставка 24-26 дек",  # noqa: RUF001
        replies=(
            "She has markers already, better something like a graphic tablet for drawing.",
            "Ozon or Wildberries, both fine. Not AliExpress, delivery too long.",
            "If it's 5500 also ok, but not more.",
            "Stop showing me toys for small kids, she is 10, not 5.",
            "Can you check there is a pickup point near Baumana street?",
            "Instead of markers maybe a watercolour set, professional one? Compare both.",
        ),
    ),
    Task(
        ask="Make a PowerPoint of 10 slides for the quarterly review with the KPIs from the file KPIs_T3.xlsx.",
        refs=("the quarterly review deck", "the presentation", "the KPI slides"),
        do=(
            "make a 10-slide PowerPoint for the quarterly review from KPIs_T3.xlsx",
            "prepare the quarterly review presentation with the T3 KPIs",
        ),
        ctx="The quarterly review with the dirección is Monday at 9 and I have KPIs_T3.xlsx but zero slides.",
        moot="The quarterly review is moved to January and will be combined with the annual one.",
        done="The quarterly deck is presented.",
        paste="Ventas T3: 1,42 M€ (+6%)\nMargen bruto: 38,5%\nClientes nuevos: 212\nChurn: 4,1%",
        replies=(
            "Slide 1 only title and date, nothing else.",
            "The churn went up, don't hide it, but put the explanation next to it.",
            "Less text please, more charts. Dirección don't read.",
            "Put the slide about the cancelled projects at the end, not in the beginning.",
            "Use the template Plantilla_2024.potx, with the logo.",
            "Go back to the first version of slide 5, the new chart is confusing.",
        ),
    ),
    Task(
        ask="Scrape the product prices from the Coupang category page every morning and save them in prices.db.",
        refs=("the price scraper", "the Coupang scraping", "the scraper"),
        do=(
            "write a scraper that saves the Coupang category prices every morning into prices.db",
            "make the Coupang price crawler with SQLite",
        ),
        ctx="Our competitor changes prices on Coupang every day and my boss wants a table of their prices every morning, now I copy them by hand.",
        moot="Boss found a paid service that gives the Coupang prices every day, we will use that.",
        done="Scraper is running every morning, prices.db is filling.",
        paste="requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://www.coupang.com/np/categories/186764",
        replies=(
            "403 Forbidden is coming. Maybe need user-agent header?",
            "Run at 7 am Korean time, the server is in UTC.",
            "If the page is blocked, wait and retry, don't stop the whole script.",
            "Save also the rocket delivery flag (로켓배송), it's important for us.",
            "Only first 3 pages, not all. Too slow.",
            "Please make it pause 2-3 seconds between pages, I don't want to get banned.",
        ),
    ),
    Task(
        ask="Integrate Paystack payment into the checkout screen of our Flutter app, test mode first.",
        refs=("the Paystack integration", "the checkout payment", "the Paystack work"),
        do=(
            "integrate Paystack into our Flutter checkout screen in test mode",
            "add Paystack payment to the Flutter app checkout",
        ),
        ctx="Customers are abandoning checkout because they can only pay on delivery, and oga says we must accept card and transfer through Paystack.",
        moot="Oga says card payments will wait until the company account with Paystack is verified, and that can take months.",
        done="Paystack is live in the app.",
        paste="E/flutter: [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: PlatformException(invalid_access_code, Access code is invalid, null, null)",
        replies=(
            "Test secret key is in the .env, sk_test_ something. Don't commit it.",
            "When user cancels the payment popup, take him back to the cart, not home screen.",
            "Amount must be in kobo, so multiply by 100. Last time we made that mistake.",
            "Add bank transfer option too, many customers don't have card.",
            "Don't stop the app when verification fails, show a message and let them try again.",
            "Webhook URL is https://api.ourshop.ng/paystack/webhook, verify the signature.",
        ),
    ),
    Task(
        ask="Plan a 5-day itinerary for Istanbul for me and my parents, they cannot walk much, include Hagia Sophia and a Bosphorus boat.",
        refs=("the Istanbul plan", "the itinerary", "the Istanbul trip plan"),
        do=(
            "plan a 5-day Istanbul itinerary for me and my parents with Hagia Sophia and a Bosphorus boat",
            "make an Istanbul program for 5 days with easy walking",
        ),
        ctx="We fly to Istanbul with my parents in 10 days, they are 70 and 73, and I have no idea what to do there with them.",
        moot="My parents decided they don't want to travel in winter, so Istanbul is off.",
        done="The Istanbul plan is printed for my parents.",
        paste="Day 2: Sultanahmet - Hagia Sophia 9:00, Blue Mosque, Basilica Cistern, lunch in Sirkeci",
        replies=(
            "Day 2 is too much walking, Sultanahmet all day. Split it in two days.",
            "Father cannot climb stairs, so no Galata Tower.",
            "Bosphorus boat: the short one, 1.5 hours, not the full day to the Black Sea.",
            "After the boat make a stop for tea somewhere with a view, they like this.",
            "Day 5 we fly back at 18:00, so only morning program.",
            "Taxi or tram? For them taxi is better, write approximate prices in lira.",
        ),
    ),
    Task(
        ask="Convert the supplier invoices from USD to RMB using the exchange rate of the invoice date and fill the column F.",
        refs=("the currency conversion", "the USD invoices", "the RMB conversion"),
        do=(
            "convert the USD supplier invoices to RMB with the invoice-date exchange rate in column F",
            "fill column F with RMB amounts for the USD invoices",
        ),
        ctx="The auditor from KPMG comes Monday and our supplier invoice list still shows only USD, they need RMB at the rate of the invoice date.",
        moot="The auditor said USD amounts are acceptable for this year, no conversion needed.",
        done="Column F is filled and the auditor accepted it.",
        paste="Invoice  Date        Supplier            USD\nUS-0912  2024-09-03  Pacific Components  18,450.00\nUS-0931  2024-09-17  Delta Tooling        6,120.00",
        replies=(
            "Use the PBOC central parity rate, not the bank selling rate.",
            "If invoice date is weekend, use the rate of the Friday before.",
            "Two decimal places, and round half up.",
            "Invoice US-0931 was cancelled and replaced by US-0944, skip the old one.",
            "Put the rate you used in column G, the auditor wants to see.",
            "Total at the bottom also in RMB.",
        ),
    ),
    Task(
        ask="Write a cover letter for the data analyst job at Nubank using my CV attached, tone professional but not too formal.",
        refs=("the cover letter", "the Nubank application", "the carta de apresentação"),
        do=(
            "write a cover letter for the Nubank data analyst job from my CV",
            "prepare my cover letter for Nubank, data analyst position",
        ),
        ctx="The Nubank data analyst vacancy closes on Friday and my friend who is recruiter says they really read the cover letters.",
        moot="Nubank closed the vacancy already, somebody was hired.",
        done="Nubank application is submitted.",
        paste="Experiência: Analista de BI Jr. na Magazine Luiza (2021-2024) - SQL, Python, Looker",
        replies=(
            "Mention my churn prediction project at Magalu, this is my best thing.",
            "Not too long, maximum one page.",
            "Remove the part that I stopped the master's degree, it looks bad.",
            "Write in English, the vacancy is in English.",
            "Don't say I left Magalu because of salary, say I want new challenges.",
            "Better start with my motivation, then the experience.",
        ),
    ),
    Task(
        ask="Fix the layout of the login page on mobile, the button goes outside of the screen on iPhone SE.",
        refs=("the login page layout", "the mobile login bug", "the iPhone SE button issue"),
        do=(
            "fix the login page layout on mobile, the button overflows on iPhone SE",
            "make the login button fit the screen on small phones",
        ),
        ctx="QA team sent a screenshot: on iPhone SE the login button is outside the screen and users cannot log in at all.",
        moot="Design team is making a completely new login page next sprint, the old one will be deleted.",
        done="Login page fix is deployed, QA closed the ticket.",
        paste=".login-form {\n  width: 420px;\n  margin: 0 auto;\n}",
        replies=(
            "Don't use fixed width 420px, make it responsive.",
            "Check on Galaxy Fold also, the inner screen is strange.",
            "When keyboard opens, the button should stay visible, not go behind the keyboard.",
            "The back arrow on top-left also is cut. Fix together.",
            "Please don't switch to other CSS framework, just fix with our current CSS.",
            "Test in Safari, Chrome on iOS is also Safari inside.",
        ),
    ),
    Task(
        ask="Compare electricity tariffs for our flat in Köln, 2 persons, around 2200 kWh per year, only green energy.",
        refs=("the Stromtarif comparison", "the electricity tariffs", "the tariff comparison"),
        do=(
            "compare green electricity tariffs for Köln, 2 persons, 2200 kWh a year",
            "find me a better Ökostrom tariff for our flat in Köln",
        ),
        ctx="RheinEnergie sent a letter, from January our electricity price goes up to 42 cent per kWh, crazy for 2200 kWh a year.",
        moot="Our landlord includes electricity in the rent from next year, so there is nothing to choose.",
        done="We switched to the new Stromanbieter, contract starts in January.",
        paste="Grundpreis: 13,90 €/Monat\nArbeitspreis: 41,98 ct/kWh\nKündigungsfrist: 4 Wochen zum Monatsende",
        replies=(
            "Contract maximum 12 months, I don't want to be stuck.",
            "Without Vorkasse, I don't pay in advance.",
            "How to cancel RheinEnergie? Kündigungsfrist is 4 weeks, can the new provider do it for me?",
            "Compare with bonus and without bonus, the bonus is only first year.",
            "Only providers with ok-power or Grüner Strom label.",
            "Switching date should be 1 January, not earlier.",
        ),
    ),
    Task(
        ask="Merge the attendance sheets of all 6 branches into one file and mark who is absent more than 3 days in October.",
        refs=("the attendance merge", "the attendance sheets", "the October attendance"),
        do=(
            "merge the attendance of all 6 branches for October and mark who is absent more than 3 days",
            "combine the branch attendance sheets and highlight the absentees",
        ),
        ctx="HO is asking consolidated October attendance from all 6 branches by evening, and each branch sent in a different format.",
        moot="HO said the new HRMS will generate the consolidated attendance automatically, from October itself.",
        done="Consolidated attendance is sent to HO.",
        paste="Emp Code | Name | Branch | 01-Oct | 02-Oct | 03-Oct\nPN-112 | Suresh K | Pune | P | A | A\nCH-031 | Lakshmi R | Chennai | P | P | L",
        replies=(
            "'L' means approved leave, don't count as absent. Only 'A'.",
            "Half day 'HD' count as 0.5.",
            "Nagpur branch sheet has names in Hindi also, just keep the English column.",
            "Highlight in red who is more than 3 days, and yellow exactly 3.",
            "Don't drop the employees who left in between, show them with a remark.",
            "Sunday is holiday, don't mark it absent.",
        ),
    ),
    Task(
        ask="Write unit tests for the module tariff_calc.py, coverage at least 80 percent.",
        refs=("the tests for tariff_calc", "the unit tests", "the tariff_calc coverage"),
        do=(
            "write unit tests for tariff_calc.py with at least 80% coverage",
            "cover tariff_calc.py with pytest tests",
        ),
        ctx="Our tech lead Dmitry blocked the release because tariff_calc.py has 12% test coverage, and it calculates money.",
        moot="Dmitry says tariff_calc.py will be deleted, the new billing service replaces it.",
        done="tariff_calc tests are merged, coverage 86%.",
        paste="Name             Stmts   Miss  Cover\n------------------------------------\ntariff_calc.py     214    188    12%",
        replies=(
            "Use pytest, not unittest. And parametrize please.",
            "Function apply_pause_discount(): when subscription is paused, discount is 0. Test this case.",
            "Test also the cancel_subscription refund, this is most important for money.",
            "Don't mock the whole module, only the database call.",
            "Coverage now 64%, not enough still. Continue.",
            "Edge case: tariff stops at midnight 31 December, check the rounding there.",
        ),
    ),
    Task(
        ask="Draft a proposal letter to the Lagos State Ministry of Education for supplying 500 student desks.",
        refs=("the desk proposal", "the letter to the Ministry", "the proposal for 500 desks"),
        do=(
            "draft a proposal letter to Lagos State Ministry of Education for 500 student desks",
            "write our proposal to the Ministry of Education for the school desks supply",
        ),
        ctx="My contact in the Lagos State Ministry of Education says the window for desk supply proposals closes on Friday and we have not submitted.",
        moot="The Ministry moved the desk tender to next year's budget, nothing will be considered this year.",
        done="The proposal is submitted to the Ministry.",
        paste="Unit price: ₦48,500 per desk (two-seater, iron frame, hardwood top)\nQuantity: 500\nDelivery: 6 weeks from LPO",
        replies=(
            "Address it to the Permanent Secretary, not the Commissioner.",
            "Mention our CAC number RC 1456723 and that we supplied Ogun State in 2022.",
            "Delivery 6 weeks, but write 'subject to receipt of LPO'.",
            "If they stop the project halfway, we need a clause that they pay for the desks already delivered.",
            "Make it sound confident but not proud. Humble, like our culture.",
            "Instead of only two-seater, offer both single and two-seater with prices.",
        ),
    ),
)

_WHO = (
    "Priya",
    "Mr. Wang",
    "Thiago",
    "Frau Becker",
    "Chinedu",
    "Olga Sergeevna",
    "Señora Ruiz",
    "Min-jun",
    "my cousin",
    "our CA",
    "the new intern",
    "Rahul from accounts",
    "my manager",
    "Dmitry",
    "Ji-woo",
)

_WHY = (
    "Client changed the requirement.",
    "My boss said this is on hold.",
    "Budget is not approved yet.",
    "Management wants to rethink the whole thing.",
    "The other side is not ready from their end.",
    "We are still waiting for documents from the client.",
    "Today is bank holiday, nobody is there to confirm anything.",
    "Things are changed from the top.",
    "Finance froze all new expenses till the audit.",
    "My husband says we decide together first.",
)

_LATER = (
    "next week",
    "after Diwali",
    "after Chinese New Year",
    "after Carnaval",
    "Monday",
    "end of the month",
    "after the audit",
    "when my manager comes back from leave",
    "next quarter",
    "after Eid",
    "after the holidays",
    "January",
)

_QUOTE = (
    "Please hold all work on this until further notice.",
    "Client has withdrawn the request. No further action required.",
    "We are not proceeding with this. Thanks all for the effort.",
    "Put this on ice, we revisit in Q1.",
    "Stop everything on this item, decision is postponed.",
    "This is no longer a priority, please release the resources.",
)

_BACK_WHY = (
    "Manager changed his mind.",
    "The client came back and wants it after all.",
    "Budget is approved now.",
    "The missing documents finally came.",
    "The hold is removed from the top.",
    "My wife agreed finally.",
)

# ---------------------------------------------------------------- switch: old task dropped, new one asked
_SWITCH: tuple[str, ...] = (
    "Leave {ref} for now. Kindly {new}.",
    "{Ref} is not needed more, my manager told today morning. Instead of it please {new}.",
    "Sir, keep {ref} aside. One urgent requirement came: {new}.",
    "Do one thing: stop {ref} and {new}. Very urgent.",
    "This one make it later. First {new}, it is more important today.",
    "Priority is changed. {new_ctx} Please do the needful for this one first.",
    "{why} So {ref} we will not do. Please {new}.",
    "hello, small change of plan. {Who} is taking {ref} from tomorrow. You can {new}.",
    "{moot} {new_ctx}",
    "Forget {ref}. {New}.",
    "No need to continue with {ref}, it is cancelled from client side. Now {new}, please.",
    "Ok stop here only. {New}. About the other one I tell you later.",
    "Please put {ref} on hold and {new}. Deadline is today 5 pm.",
    "My boss is calling me again and again for other thing. {New}. {Ref} we will see after.",
    "Good morning. I was checking what you did for {ref} and it looks ok so far. But now in the office there is big problem:\n\n{new_ctx}\n\nSo please leave this and {new}. We come back to it later maybe.",
    "{new_ctx}\n\nThis is more important than {ref}. Please start with it now.",
    "Wait wait. Before you go further with {ref}, {new}. The other can wait.",
    "No more work on {ref}, we close it as it is. Next for you: {new}.",
    "Actually {ref} my colleague {who} will do, the files are with them. For you I have other work: {new}.",
    "Is not required anymore, {ref}. The deal is cancelled. Can you {new}?",
    "Please, let {ref} stay as it is, we don't touch it now. I need that you {new}.",
    "Chega de {ref} por hoje. Sorry, I mean enough of it for today. Now please {new}.",
    "Bitte, {ref} later. Now more important: {new}.",
    "Okay, {ref} postpone to {later}. Meanwhile {new}.",
    'Boss wrote me: "{quote}" So leave {ref} and {new}.',
    "I changed my mind about {ref}, not this year. Better you {new}.",
    "You can stop everything what you are doing. {New}. This only is important now.",
    "{New}. Other thing is not needed more.",
    "hi, {ref} client put on hold till {later}. in the meantime {new} pls",
    "Never mind about {ref}. Tell me, can you {new}?",
    "Not this now. {New}.",
    "Listen, situation is changed. {new_ctx} So {ref} is finished for now, go to this one.",
    "Too much time we are spending on {ref}, it is not worth. Let us {new} instead.",
    "Dear, sorry to disturb the work. {Who} called and told {ref} is not needed, they found other solution. Kindly {new}, the details are below.\n\n{new_paste}",
    "Stop it. {New} first. Then we talk.",
    "{Ref}: cancel. New one: {new}.",
    "{Ref} no need already, boss say cancel. Can help me {new}?",
    "That thing, {ref}, let it be. Right now I want that you {new}.",
    "Ok ok I understand it is complicated. Then leave it, we do it other way sometime. Now {new}, this one is simple.",
    "Please abandon {ref}. Kindly {new} and revert by EOD.",
    "My wife says no to {ref} 😅 So forget it. {New}.",
    "{Ref} can wait till {later}. Today please {new}.",
    "Ma'am asked me to hand over {ref} to {who}. So you please {new} now.",
    "Thanks for trying, but {ref} I will do myself by hand. You can {new}?",
    "Hmm, no. {Ref} is going nowhere. Let's do something useful: {new}.",
    "Please discontinue {ref} with immediate effect and {new}.",
    "I am getting many calls. {new_ctx} Pls attend this first.",
    "Ok last message about {ref}: we drop it. Now new request. {New}.",
    "Thank you for all the work on {ref}. I showed to {who} and the whole thing is postponed, decision will come only {later}.\n\nSo in the meantime please {new}. Here is what I have:\n\n{new_paste}",
    "new task. {new}. old one is closed",
    "Так, {ref} не надо. Sorry, I mean: {ref} is not needed. Please {new}.",
    "{Who} already took {ref}, so you no need to do. Can you {new} instead?",
    "We keep {ref} pending. Meanwhile, {new}.",
    "Just now I got the mail from HR: {new_ctx} Kindly do this first and keep {ref} pending.",
    "I see you are stuck with {ref}. Leave it, not your fault. {New}.",
    "Sorry for confusion. {Ref} was my mistake, we don't need it at all. What I actually need: {new}.",
    "Why you are still doing {ref}? I told it is cancelled. Please {new} now.",
    "Today is deadline for other thing, {ref} has to wait. {New}.",
    "We lay {ref} on ice, auf Eis legen, as we say in German. {New}, please.",
    "We put {ref} under the cloth, like we say in Russian, means we don't do it now. {New}.",
    "One minute. {New}? After that maybe we return to {ref}, maybe not.",
    "{new_paste}\n\nSee above, this came just now. {New}. {Ref} can wait.",
    "I think we are going in circle with {ref}. Park it. {New}.",
    "Ahora no. {Ref} not now. Better you {new}.",
    "Change of plans, {ref} not happening. {New}.",
    "{Ref}? No more. {Who} will finish it. Now {new}.",
    "{moot} Good, one less thing. Now {new}.",
    "{moot}\n\nSo that is closed. {new_ctx} Can you look into this?",
    "Bhai, {ref} chhodo, leave it. {New} jaldi, it is urgent.",
    "Abeg, forget {ref} for now. Oga wants this one sharp sharp: {new}.",
    "Honestly I am tired of {ref} today. Let us do other thing, {new}. Tomorrow we see.",
    "Please {new}. Regarding {ref}, that is not required more, {who} confirmed.",
)

# ---------------------------------------------------------------- stop: nothing new asked
_STOP: tuple[str, ...] = (
    "Leave it. {Ref} is not needed more.",
    "Kindly stop {ref}. Client has cancelled.",
    "Ok, hold {ref}. We will do after {later}.",
    "{Who} will handle {ref} from here, you need not continue.",
    "Make it later, {ref}. Today I have no time to check it.",
    "No need of {ref} now. Thanks for the effort.",
    "Enough for today. Let us stop {ref} here, I will tell when to start again.",
    "{Who} already finished {ref} yesterday, I didn't knew. So this is not required. Sorry.",
    "{why} So we park {ref}.",
    "Stop, stop. Don't do anything more on {ref}.",
    "Please cancel {ref}. I explain you later why.",
    "This one is not needed more.",
    "Leave it, leave it. Not worth.",
    "We keep {ref} pending for now. No further action needed from your side.",
    "{Ref} is on hold till {later}. Don't continue please.",
    "My boss just told me {ref} is dropped. So that's all for now, thank you.",
    "Ok forget it. Not important.",
    "I think I will do {ref} myself later, by hand. You can stop.",
    "Kindly discontinue {ref} with immediate effect.",
    "Wait. Don't proceed with {ref}. Something changed, I tell you after.",
    "Nein, lass es. {Ref} we don't need anymore.",
    "Deixa pra lá, leave it. {Ref} is not important now.",
    "Не надо. I mean: not needed. Stop {ref} please.",  # noqa: RUF001
    "{Ref} got cancelled from top management. Close it.",
    "Today we stop here. {Ref} I continue with you {later}, not now.",
    "Thank you for the work so far on {ref}, really. But I talked with {who} and they decided to go with other vendor, so the whole thing is not happening. Please don't spend more time on it.\n\nI come back if something new.",
    "Hand over {ref} to {who}, they will do from their laptop. You finish here.",
    "Pause {ref}. I need to ask my manager first whether we even need it.",
    "it's moot now, {who} did it already. nothing more needed",
    "Bhai, chhodo. {Ref} not needed.",
    "No more {ref} please. Budget is finished.",
    "Let it be. We will see {later}.",
    "{Who} just wrote me:\n\n> {quote}\n\nSo {ref} we put on hold.",
    "Sorry, I wasted your time. {Ref} is cancelled.",
    "Keep {ref} aside for now. Nothing else, I am going home.",
    "I decided, {ref} we don't do. That's all for today.",
    "{Ref}: skip it, not needed this month.",
    "Hold on, don't finish {ref}. We wait for the confirmation from {who}.",
    "Cancel please. {Ref}, the whole thing, is not needed.",
    "I got the answer from {who}, negative. So {ref} finish here, no need more.",
    "{Ref} we shelve till {later}.",
    "Hmm. Let's not. Drop {ref}.",
    "No, it's becoming too costly and complicated. Drop {ref}, I will manage without.",
    "You can take rest from {ref} 😄 It is postponed.",
    "{moot}",
    "{moot} So no need to continue.",
    "Oh! {moot} Thank you anyway for your time.",
    "{moot}\n\nSo you can leave {ref} where it is.",
    "Abeg leave {ref} for now, we go revisit am {later}.",
    "I am so sorry, but the boss said no to {ref}. We will not do it.",
)

# ---------------------------------------------------------------- resume: back to the stopped task
_RESUME: tuple[str, ...] = (
    "Ok this is done. Now come back to {old}, where we stopped.",
    "Thanks. Now let us continue {old} from where we left.",
    "{done} Now the earlier work please continue.",
    "Shall we resume {old}? The other thing is finished.",
    "Good. Again start {old}, {who} confirmed it is needed.",
    "Remember {old} which we kept aside? Client said go ahead, continue it please.",
    "ok now back to previous task",
    "Budget is approved finally, so {old} is on again. Pick up where you left.",
    "{done} Now go back to {old}.",
    "Now we can do {old} again, the hold is removed.",
    "Where we were with {old}? Continue from there.",
    "Fine, {ref} is ok. Let's return to the old one, {old}.",
    "Hello again. Yesterday we left {old} in middle. Please complete it now.",
    "{Who} could not do {old} finally, so it comes back to us. Continue from your last step.",
    "Back to {old} please.",
    "Now that {ref} is sorted, please carry on with {old}.",
    "Ok, continue the first one now.",
    "Perfect, thanks. And the thing we stopped before, {old}, please finish it.",
    "Let's go again with {old}. Same details as before.",
    "{Old}: we continue now. {back_why}",
    "Now please take up {old} again. I have time to check now.",
    "Bitte weiter mit {old}, da wo wir aufgehört haben. Sorry, I mean: continue {old} where we stopped.",
    "Voltando para {old}, back to it please, same as before.",
    "Ok, the urgent thing is over. We can go back to our previous work now.",
    "{done} Now kindly revert to {old} and complete.",
    "Thank you, {ref} looks good, I already sent it.\n\nNow about {old}: {who} called me and they want it after all. So please open it again and continue from the point where we left. Don't start from zero.",
    "What about {old}? Let's finish it now.",
    "Before I forget: {old}, we left it half. Please do it now, {ref} is finished.",
    "Ok, unpark {old}.",
    "{Old} again please. The hold is over.",
    "Now continue old task. The one before this.",
    "Resume the earlier one.",
    "Pick up {old} again, same place where you stopped.",
    "{done} Ok so where were we? Ah yes, {old}. Please go on.",
    "Last week I told you to leave {old}. Now it's needed again, please continue.",
    "Once more we take {old}. The deadline came back.",
    "Now {old}, do the remaining part.",
    "We finished with {ref}. Go on with the previous one now.",
    "{Old} is back on table. Continue please.",
    "After all, {old} we will do. Continue from last version.",
    "Now the pending one: {old}. Complete it please.",
    "Ok good. Now do the needful for {old}, the one which we kept pending.",
    "Return back to {old}.",
    "hi, {old} again. {Who} gave the missing information, so you can continue.",
    "Let's continue where we stopped the other day.",
    "{old_paste}\n\nThis is where we stopped last time with {old}. Continue from here please.",
    "{back_why} So {old} is on again. Kindly continue.",
    "Abeg, make we go back to {old} now. This one don finish.",
    "{done}\n\nNow, the previous thing. You remember we paused it? Please continue that.",
    "Ok {ref} is fine like this. The old one, {old}, we can start again from the last step.",
)

# ---------------------------------------------------------------- reply: same task (about half look-alikes)
_REPLY: tuple[str, ...] = (
    "Yes correct, go ahead.",
    "Very good. Do the needful.",
    "Kindly revert once {ref} is complete.",
    "Any update on {ref}?",
    "Why it is taking so long?",
    "Can you explain me the last step once more?",
    "I didn't understood, what you mean by that?",
    "Ok fine.",
    "Looks good to me. Proceed.",
    "Perfect, exactly like I wanted 👍",
    "Hmm, something is not matching. Please check once again.",
    "How much more time for {ref}?",
    "Please send me summary of {ref} when finished.",
    "Yes, same as last time.",
    "Sorry I was in meeting. Yes, you can continue with that option.",
    "{paste}\n\nThis part is not correct, check again please.",
    "Thank you so much, you are saving my life.",
    "Good, but make it shorter. Too long.",
    "Please explain in simple English, my English is not so good.",
    "Is this the final version or you will change more?",
    "Ok, and after that send me the file.",
    "Same problem again:\n\n{paste}",
    "Can you do it little faster please, I have call in 20 minutes.",
    "Ok noted.",
    "You did mistake in the numbers. Check please.",
    "Which option you recommend?",
    "Both are fine for me, you choose.",
    "Go on.",
    "I checked what you sent for {ref}. Mostly fine.\n\n{paste}\n\nOnly this part verify once more and then continue. No hurry.",
    "{Who} also saw it and says it is good. Continue like this.",
    # look-alikes from here on
    "Don't stop in between. Finish {ref} completely and then revert.",
    "If any problem comes, don't cancel anything, just tell me and wait.",
    "I am going for lunch, you continue {ref}. No need to pause for me.",
    "Later we may have to change some things in {ref}, but for now continue as it is.",
    "What happened with {other}, the one we left last week? Just asking, don't start it now. First finish {ref}.",
    "No no, don't cancel {ref}! I only said the format is wrong. Continue please.",
    "Who told to stop? I said only wait two minutes while I check. Now continue.",
    "Pause is not needed, I am here only. Continue.",
    "Go back to your previous version of {ref}, the new one has more mistakes.",
    "Drop the last part you added, it is not needed. Rest of {ref} keep same.",
    "Instead of doing it in one go, do {ref} step by step and show me each step.",
    "Earlier you said {ref} will take ten minutes. Still not finished?",
    "Don't switch to other method, the first way was better for {ref}.",
    "Stop asking me confirmation for every small thing, just complete {ref}.",
    "About {other}, that one stays on hold still, I tell you later. Today only {ref}.",
    "Leave the formatting, I will fix it myself. Do only the content of {ref}.",
    "Cancel the last change, it was better before.",
    "Back to your question: yes, use the second option.",
    "{Who} says we should not stop halfway with {ref}, so please finish all parts today.",
    "Is it possible to pause {ref} in the middle and continue tomorrow, or everything is lost? Just asking, now continue.",
    "Don't resume the old approach, continue with what you are doing now.",
    "The other task is still on hold, don't worry about it. Continue with {ref}.",
    "Leave it like this only, it's fine. Now just do the final check of {ref}.",
    "Before you finish {ref}, show me once. Then only finalise.",
    "Don't drop anything from {ref}, even small items, my manager checks everything.",
    "Instead of me, send the final version to {who} directly.",
    "{Who} asked whether {ref} can be ready by this Friday. Is it possible?",
    "Can we resume from the same point if my internet goes? It's very slow today.",
    "No need to start {ref} from beginning. Just fix the part I told.",
    "Cancel is not an option, {ref} has to be done today itself. Continue.",
    "Hold on one second... ok, found it. Continue with {ref}.",
    "I said 'leave it' only about the colour, not the whole {ref}! Please continue.",
    "Should I stop you or you are almost done with {ref}? If almost done, finish.",
    "The thing we parked, {other}, I will decide tomorrow. Today focus {ref} only.",
    "Don't take it later, do it now only. {Ref} is due today.",
    "We will not switch anything, only correct the small mistakes in {ref}.",
    "Kill the suspense 😄 is {ref} ready or not?",
    "Don't go back to zero, continue {ref} from where you are now.",
    "Instead of asking me, check the old mail, all details for {ref} are there.",
)

_GREET = (
    "Hi,",
    "Hello,",
    "Dear,",
    "Hello sir,",
    "Good morning.",
    "Namaste,",
    "Olá!",
    "Hallo,",
    "Hola,",
    "Доброе утро.",
    "Hi dear,",
    "Good afternoon,",
)

_CLOSE = (
    "Thanks.",
    "Thank you.",
    "Regards.",
    "Thanks in advance.",
    "🙏",
    "Obrigado!",
    "Danke.",
    "Gracias.",
    "Спасибо.",
    "감사합니다.",
    "谢谢",
    "Thanks and regards.",
)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _two(rng: random.Random) -> tuple[Task, Task]:
    first, second = rng.sample(_TASKS, 2)
    return first, second


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    """Fill every slot a template may use; ``cur`` is the task in force, ``other`` the second task."""
    ref = rng.choice(cur.refs)
    old = rng.choice(other.refs)
    who = rng.choice(_WHO)
    return {
        "ref": ref,
        "Ref": _cap(ref),
        "paste": cur.paste,
        "moot": cur.moot,
        "done": cur.done,
        "new": rng.choice(other.do),
        "New": _cap(rng.choice(other.do)),
        "new_ctx": other.ctx,
        "new_paste": other.paste,
        "old": old,
        "Old": _cap(old),
        "old_paste": other.paste,
        "other": rng.choice(other.refs),
        "who": who,
        "Who": _cap(who),
        "why": rng.choice(_WHY),
        "later": rng.choice(_LATER),
        "quote": rng.choice(_QUOTE),
        "back_why": rng.choice(_BACK_WHY),
    }


def _case(kind: str, text: str, current: Task, stopped: Task | None) -> Case:
    return {
        "kind": kind,
        "text": text,
        "current_task": current.ask,
        "stopped_task": stopped.ask if stopped is not None else None,
    }


Builder = Callable[[random.Random], Case]


def _switch_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, new = _two(rng)
        return _case("switch", template.format(**_slots(rng, cur, new)), cur, None)

    return build


def _stop_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = _two(rng)
        return _case("stop", template.format(**_slots(rng, cur, other)), cur, None)

    return build


def _resume_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        between, stopped = _two(rng)
        text = template.format(**_slots(rng, between, stopped))
        return _case("resume", text, between, stopped)

    return build


def _reply_builder(template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = _two(rng)
        return _case("reply", template.format(**_slots(rng, cur, other)), cur, None)

    return build


def _task_reply_builder(task: Task) -> Builder:
    def build(rng: random.Random) -> Case:
        return _case("reply", rng.choice(task.replies), task, None)

    return build


def _builders() -> dict[str, list[Builder]]:
    return {
        "switch": [_switch_builder(t) for t in _SWITCH],
        "stop": [_stop_builder(t) for t in _STOP],
        "resume": [_resume_builder(t) for t in _RESUME],
        "reply": [_reply_builder(t) for t in _REPLY] + [_task_reply_builder(t) for t in _TASKS],
    }


def _typo(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if len(w) >= 6 and w.isalpha()]
    if not spots:
        return text
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    return " ".join(words)


def _voice(text: str, rng: random.Random) -> str:
    """Light register noise: how the same person may type on a phone or in a hurry."""
    multiline = "\n" in text
    if not multiline and rng.random() < 0.12:
        text = text.lower()
    if rng.random() < 0.14:
        greet = rng.choice(_GREET)
        if greet.endswith(",") and text[1:2].islower():
            text = text[:1].lower() + text[1:]
        text = f"{greet} {text}"
    if rng.random() < 0.14:
        text = f"{text}{chr(10) * 2 if multiline else ' '}{rng.choice(_CLOSE)}"
    if rng.random() < 0.12:
        text = re.sub(r"\bplease\b", rng.choice(("pls", "plz", "pl")), text)
    if rng.random() < 0.08:
        text = re.sub(r"\byou\b", "u", text)
    if not multiline and rng.random() < 0.06:
        text = _typo(text, rng)
    if rng.random() < 0.08 and text.endswith("."):
        text = text[:-1]
    if rng.random() < 0.1 and text.endswith("?"):
        text += "?"
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
            text = _voice(str(case["text"]), rng)
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            case["text"] = text
            cases.append(case)
            made += 1
    rng.shuffle(cases)
    return cases


if __name__ == "__main__":
    print(
        f"{len(_TASKS)} tasks, {len(_SWITCH) + len(_STOP) + len(_RESUME) + len(_REPLY)} templates "
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
