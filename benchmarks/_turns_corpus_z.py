# ruff: noqa: E501
"""Held-out corpus ``z`` of a person's turns to an AI agent mid-task. Written blind.

Written as an independent author from the side of scientists and analysts outside software
who steer an agent through their day's work: wet-lab researchers (assays, reagents, plate
readers, blots, cytometry), field ecologists (transects, traps, GPS points, camera traps),
clinical research coordinators (visits, CRFs, protocol deviations, consent, safety
reconciliation), chemists and materials testers (titrations, HPLC, tensile, DSC, salt spray,
NMR) and hydrologists (rating curves, rainfall, boreholes, water quality, flood frequency).
Opened while writing: only lines 1-66 of ``benchmarks/_turns_corpus_t.py`` (its docstring,
imports and ``KINDS``) and lines 1084-1141 of the same file (its ``generate`` function and
``__main__`` self-check), to copy the interface; none of its wording is reused. NOT opened,
grepped, listed or run: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, every
other ``benchmarks/_turns_corpus_*.py`` file (nor the middle of ``_turns_corpus_t.py``), the
``bench_*.py`` scripts, ``train_turn_model.py``, ``turns_model_loco.py``,
``turn_features_loco.py`` and ``/work/shared``. packlight was not imported and no classifier
or benchmark was run on this corpus; do not tune this file against a classifier's output.

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

- 34 tasks in five domains, each with concrete names, ids, amounts and units: an IL-6 ELISA
  curve on plate 3, ddCt fold changes for run QP-118, a BCA plate map for 24 hypoxia
  lysates, a HeLa/HEK293T seeding schedule, a Sigma invoice reconciliation, p-ERK western
  densitometry (WB-0412..0415), CD69 gating per SOP-FC-007, an LDH IC50 for compound 7;
  pitfall counts on transect T4 at Hatfield Moor, 212 Garmin waypoints to British National
  Grid, camera-trap events at CT-07 (Kielder), Wicken Fen diversity and Ellenberg values,
  skylark distance sampling on Salisbury Plain, an eDNA route for 14 newt ponds at Ashdown;
  Visit 4 data queries at Site 03, a PD-02 deviation for 07-004, the HEART-2 visit calendar,
  LUNA AE/SAE reconciliation, an ICF v3.0/v3.1 re-consent check, the April DSMB recruitment
  report, a PK dry-ice shipment manifest; a KHP standardisation of NaOH, CS-22 caffeine
  stability by HPLC, 6061-T6 tensile coupons (ASTM E8), DSC of PLA blends, B117 salt-spray
  scribe creep, the 1H NMR of JK-47, a 2 L HEPES recipe; a stage-discharge rating for HG-12
  on the Wharfe, Malham Tarn rainfall infilling, barometric compensation for BH3/BH5/BH7,
  Eden catchment nitrate/phosphate against WFD thresholds, Skelton flood frequency (GEV,
  L-moments) and a TDR soil-moisture calibration at Plynlimon. The other task of a switch,
  resume or parked-task reply is drawn from the same domain.
- Each task carries three nicknames, an imperative phrase, a context-only report of the
  problem plus a question that implies the work, an identifying detail ("the one with the
  1:400 serum dilutions"), a blocking event, the event that lifts it, a "done" clause, an
  alternative method for the same task, and eight same-task replies: four plain (values with
  units, corrections, progress questions) and four hard look-alikes where stop / pause /
  drop / cancel / back / switch / resume / hold / later / instead are the science itself
  (stop solution, a paused sequence, a cancelled timepoint, a dose hold, a back-titration,
  "switch the x-axis to log scale", a logger that stopped and restarted).
- Register: hedged, passive-heavy scientific prose ("it may be preferable to", "on
  reflection", "given the PI's comments"), SOP numbers, lab-meeting decisions reported second
  hand, alongside terse bench messages and occasional lower-case, missing full stops, dropped
  apostrophes, "pls"/"thx" and one letter-swap typo. Lengths run from three words to three
  paragraphs.
- Switches, stops and resumes are mostly indirect: a change of course after a greeting or an
  answer, a blocking event ("the Barologger was stolen ..."), a lab-meeting or sponsor
  decision, a hand-off to a named colleague, a deferral to an audit or field season, giving
  up, a new problem described by context and asked about, resumes by nickname, by detail, by
  the lifted blocker, or by nothing at all ("what we parked on Tuesday"). Only a minority say
  stop / switch / instead / cancel / resume literally. Generic replies are half plain and half
  hard (not pausing, not dropping, cancelling an instruction rather than the task, questions
  about a parked task that explicitly do not resume it, an alternative method for the same
  task). 61 switch, 47 stop, 42 resume and 66 generic reply templates plus 272 task-specific
  replies; standard library only.

``python benchmarks/_turns_corpus_z.py`` prints the self-check.
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
class Task:
    """One piece of work the person may ask the agent for."""

    key: str
    domain: str
    ask: str  # as the person first asked it
    nicks: tuple[str, ...]  # noun phrases with their article
    do: str  # imperative, lower case, no full stop
    ctx: str  # the problem described by context only, lower case, no full stop
    q: str  # a question that implies the work, lower case, ends with "?"
    detail: str  # an identifying detail: "the one with ..."
    blocker: str  # an event that halts it, sentence without full stop
    unblock: str  # the event that lifts the blocker, lower case, no full stop
    done: str  # clause saying it is finished, lower case
    alt: str  # an alternative method for the same task, verb phrase
    replies: tuple[str, ...]  # same-task replies: four plain, then four hard look-alikes


_TASKS: tuple[Task, ...] = (
    # ------------------------------------------------------------------ wet lab
    Task(
        key="elisa",
        domain="wetlab",
        ask="Could you fit the standard curve for the IL-6 ELISA on plate 3 (run of 12 March) and back-calculate the sample concentrations?",
        nicks=("the IL-6 ELISA", "the plate 3 curve", "the ELISA back-calculation"),
        do="fit the IL-6 standard curve for plate 3 and back-calculate the serum samples",
        ctx="the IL-6 ELISA from 12 March has been read and the plate 3 export is on the group drive",
        q="could you fit the standards and back-calculate the 40 serum samples?",
        detail="the plate with the 1:400 serum dilutions",
        blocker="The plate 3 export turns out to have been saved at 450 nm without the 570 nm reference subtracted",
        unblock="Ines has re-exported plate 3 with the 570 nm reference subtracted",
        done="the IL-6 concentrations are back-calculated",
        alt="use a five-parameter logistic rather than the 4PL",
        replies=(
            "The blanks are A1 and A2, by the way, not H11-H12 as the plate map says.",
            "Samples above the top standard (1000 pg/mL) should be reported as >ULOQ rather than extrapolated.",
            "How many of the 40 samples fall within the range of the curve?",
            "Duplicates throughout; the mean of the two ODs, please, with the %CV alongside.",
            "The plate was read about 30 min after the stop solution went in, which was later than the kit insert recommends. Is that likely to have affected the top standards?",
            "Please don't drop the value in D7 yet. The PI would like it retained and flagged rather than excluded.",
            "Wells C3 to C6 were read after the reader paused for roughly two minutes (a lid error). Could you check whether they look shifted relative to the rest of the plate?",
            "Switch the x-axis of the curve plot to a log scale; otherwise the lower standards are unreadable.",
        ),
    ),
    Task(
        key="qpcr",
        domain="wetlab",
        ask="Please calculate ddCt fold changes for GAPDH-normalised TNF-a expression from qPCR run QP-118 (treated vs vehicle, n=3).",
        nicks=("the ddCt analysis", "the QP-118 run", "the TNF-a qPCR"),
        do="work out the ddCt fold changes for TNF-a from run QP-118",
        ctx="qPCR run QP-118 finished overnight and the Ct export is in the instrument folder",
        q="could you get the TNF-a fold changes (treated vs vehicle) out of it?",
        detail="the GAPDH-normalised one",
        blocker="The melt curves for QP-118 show a second peak in every vehicle well, which is most likely primer dimer",
        unblock="the primers have been rechecked and the second melt peak on QP-118 was a plate-seal artefact after all",
        done="the TNF-a fold changes are in the table",
        alt="normalise to the geometric mean of GAPDH and b-actin rather than to GAPDH alone",
        replies=(
            "Technical triplicates, biological n=3; average the technicals first.",
            "Ct values above 35 should be treated as undetermined.",
            "Is GAPDH reasonably stable across treated and vehicle? I'd like to see the raw Cts for it.",
            "Please report fold change with a 95% CI rather than the SEM.",
            "The NTC was run to cycle 40 and stayed flat; the run stopped normally, so I'm not worried about contamination.",
            "You can cancel out the plate effect by using the inter-run calibrator in H12.",
            "Biological replicate 2 was the one where the thermocycler paused during the power cut and then resumed. Keep it, but footnote it.",
            "The group that was re-dosed after the washout should be labelled 'Re-dosed' on the axis, not 'Resumed'.",
        ),
    ),
    Task(
        key="bca",
        domain="wetlab",
        ask="Prepare a 96-well plate map for the BCA assay on the 24 lysates from the hypoxia experiment, with the BSA standards in duplicate.",
        nicks=("the BCA plate map", "the lysate layout", "the hypoxia plate map"),
        do="lay out a BCA plate map for the 24 hypoxia lysates",
        ctx="the 24 hypoxia lysates are thawing on ice and Ines would like to run the BCA at two",
        q="could you put a plate map together for her, standards in duplicate?",
        detail="the one with the standards in duplicate down column 1",
        blocker="It turns out that eight of the hypoxia lysates were made up in RIPA containing DTT, which interferes with BCA",
        unblock="Ines has confirmed that the DTT lysates were swapped for fresh RIPA-only aliquots",
        done="the BCA plate map is finished",
        alt="put the standards along row A rather than down column 1",
        replies=(
            "Standards are 0, 125, 250, 500, 1000 and 2000 ug/mL BSA.",
            "Please leave row H empty; the multichannel doesn't reach it reliably.",
            "Do we have room for triplicates of the lysates, or only duplicates?",
            "Label the lysates H1 to H24, as they are on the tubes.",
            "Could you mark on the map where I should pause to change tips? I always lose my place around column 7.",
            "Lysates 13-24 were resuspended later, after the second spin, so keep them together on the right half of the plate.",
            "Drop the 2000 ug/mL standard; it saturates on this reader every time.",
            "We incubate 30 min at 37 C and then stop the reaction by moving the plate to room temperature. Please put that step in the header of the map.",
        ),
    ),
    Task(
        key="cells",
        domain="wetlab",
        ask="Work out a seeding schedule for the HeLa and HEK293T flasks so that both are about 80% confluent for the transfection on Thursday at 10:00.",
        nicks=("the seeding schedule", "the Thursday transfection plan", "the flask timetable"),
        do="plan the HeLa and HEK293T seeding so both are ready for Thursday's transfection",
        ctx="we need HeLa and HEK293T at roughly 80% confluence for a transfection on Thursday at 10:00",
        q="could you work out when, and at what density, each should be seeded?",
        detail="the one for Thursday's transfection",
        blocker="The mycoplasma test on the HEK293T working stock came back positive this morning",
        unblock="the repeat mycoplasma test on the HEK293T stock is negative",
        done="the seeding schedule is drafted",
        alt="seed straight into 6-well plates rather than going through T75s",
        replies=(
            "In our hands HeLa doubles in about 22 h and HEK293T in about 26 h.",
            "We usually seed 1.5 x 10^6 cells per T75.",
            "Is a 48 h window realistic for both lines, or does one need longer?",
            "The target is Thursday 10:00, not the end of the day.",
            "Please build in the 24 h serum starvation before transfection. The cells more or less stop dividing then, which will change your numbers.",
            "If they are over-confluent on Wednesday, the fallback is to split them back 1:3. Could you include that in the schedule?",
            "The incubator was off for an hour on Monday. Growth resumed normally afterwards, as far as we can tell, but you might pad the timings by half a day.",
            "Instead of T75s, could the HEK293Ts go in T175s? The schedule otherwise stays the same.",
        ),
    ),
    Task(
        key="inventory",
        domain="wetlab",
        ask="Reconcile the reagent inventory spreadsheet against the March Sigma-Aldrich invoices and list anything we are short of.",
        nicks=(
            "the inventory reconciliation",
            "the reagent spreadsheet",
            "the Sigma invoice check",
        ),
        do="reconcile the reagent inventory against the March Sigma-Aldrich invoices",
        ctx="finance have flagged that the March Sigma-Aldrich invoices don't match what we logged in the reagent spreadsheet",
        q="could you cross-check the two and list the discrepancies?",
        detail="the one with the March invoices",
        blocker="Procurement has frozen all orders and invoice queries until the new cost codes are issued",
        unblock="the new cost codes have been issued",
        done="the inventory is reconciled",
        alt="match on catalogue number rather than on product name",
        replies=(
            "Lot numbers are in column F.",
            "Ignore anything under GBP 20; finance aren't interested in those.",
            "How many lines fail to match so far?",
            "The Tris base was genuinely delivered twice, so that one is a real duplicate.",
            "Please list anything marked 'discontinued' or 'back-ordered' separately.",
            "The trypsin order was cancelled on the 9th, so it shouldn't be on the invoice at all. Highlight that line.",
            "The 'on hold' column means the item is quarantined pending QC; it doesn't mean we paused the order.",
            "Drop the storage-temperature columns from the output; they only clutter it.",
        ),
    ),
    Task(
        key="western",
        domain="wetlab",
        ask="Quantify the band intensities for p-ERK over total ERK on blots WB-0412, WB-0413 and WB-0415, normalised to the 0 min control.",
        nicks=("the western quantification", "the p-ERK blot work", "the densitometry"),
        do="quantify p-ERK over total ERK on blots WB-0412 to WB-0415, normalised to 0 min",
        ctx="the p-ERK and total ERK blots from last week (WB-0412, 0413 and 0415) have been scanned",
        q="could you quantify them, normalised to the 0 min lane?",
        detail="the p-ERK time course",
        blocker="Ahmed has just said that the total ERK strip of WB-0413 was exposed for 10 s rather than 60 s, so it isn't comparable",
        unblock="Ahmed has re-imaged the WB-0413 total ERK strip at 60 s",
        done="the band intensities are quantified",
        alt="normalise to b-tubulin rather than to total ERK",
        replies=(
            "The time points are 0, 5, 15, 30 and 60 min, left to right.",
            "Use the same rectangle size for every lane, please.",
            "Is the 15 min peak consistent across all three blots?",
            "A bar chart with individual points overlaid would be ideal.",
            "Lane 9 is the 'stop' control (inhibitor added at t=0); keep it separate from the time course.",
            "The membranes were stripped and re-probed, so use the re-probe image for total ERK, not the first exposure.",
            "Please don't drop lane 1. It's faint, but it's the control.",
            "If you switch the background subtraction to rolling ball, tell me which radius you used.",
        ),
    ),
    Task(
        key="flow",
        domain="wetlab",
        ask="Apply the gating strategy in SOP-FC-007 to the 24 FCS files from the T-cell activation experiment and report % CD69+ of CD4+ cells.",
        nicks=("the CD69 gating", "the flow analysis", "the FC-007 gating"),
        do="gate the 24 T-cell activation FCS files per SOP-FC-007 and report % CD69+ of CD4+",
        ctx="the 24 FCS files from Tuesday's T-cell activation experiment are on the core's server",
        q="could you gate them per SOP-FC-007 and get % CD69+ of CD4+?",
        detail="the T-cell activation files",
        blocker="The compensation matrix applied on the cytometer that day turns out to be from the wrong panel",
        unblock="the core facility has sent the correct compensation matrix for the T-cell panel",
        done="the CD69 percentages are reported",
        alt="set the CD69 gate on the FMO control rather than on the isotype",
        replies=(
            "Tubes 1-12 are unstimulated, 13-24 anti-CD3/CD28.",
            "The viability dye is in the BV510 channel.",
            "What proportion of events survive the singlet gate?",
            "Report means per condition with the individual donors shown.",
            "Tubes 17-24 were acquired after the fluidics clog stopped the run, so their event rates are lower. That's expected.",
            "Stop at 10,000 CD4+ events per file if the files are longer than that, so the donors are weighted equally.",
            "Back-gate the CD69+ population onto FSC/SSC to check that it isn't debris.",
            "Don't switch off the doublet gate, even for the low-count tubes.",
        ),
    ),
    Task(
        key="ldh",
        domain="wetlab",
        ask="Calculate initial rates from the kinetic reads at 340 nm (NADH) on the LDH inhibition plate and fit an IC50 for compound 7.",
        nicks=("the LDH IC50", "the compound 7 curve", "the kinetics plate"),
        do="get initial rates from the 340 nm kinetic reads and fit an IC50 for compound 7",
        ctx="the LDH inhibition plate with compound 7 has finished its kinetic read at 340 nm",
        q="could you get initial rates from it and fit an IC50?",
        detail="the one with compound 7",
        blocker="The compound 7 stock was found precipitated in the DMSO this morning",
        unblock="compound 7 has been re-dissolved at 10 mM and the solution is clear",
        done="the compound 7 IC50 is fitted",
        alt="fix the Hill slope at 1 rather than letting it float",
        replies=(
            "Compound 7 runs from 100 uM down in 3-fold dilutions, ten points.",
            "Reads are every 20 s for 10 min.",
            "What's the R-squared on the dose-response fit?",
            "Express the IC50 in uM with a 95% CI.",
            "Use only the linear part of each trace; the reaction stops being linear after about 4 min.",
            "The reader paused between reads 12 and 13 for a lid check, so there's a 40 s gap there.",
            "Wells where the substrate ran out early should be dropped from the rate fit only, not from the plate.",
            "The no-inhibitor wells are full activity and the EDTA wells the stopped reaction; please use them as 100% and 0%.",
        ),
    ),
    # ------------------------------------------------------------------ field ecology
    Task(
        key="pitfall",
        domain="field",
        ask="Please clean up the pitfall-trap beetle counts from transect T4 at Hatfield Moor (June) and merge them with the habitat covariates.",
        nicks=("the pitfall data", "the T4 beetle spreadsheet", "the Hatfield merge"),
        do="clean the T4 pitfall counts from Hatfield Moor and merge them with the habitat covariates",
        ctx="the June pitfall sheets from transect T4 at Hatfield Moor have finally been typed up",
        q="could you tidy them and join the habitat covariates on?",
        detail="the Hatfield Moor one",
        blocker="Half of the T4 trap IDs were re-used from 2022, and we can't tell which set is which until Sam has checked the field notebooks",
        unblock="Sam has been through the field notebooks and the T4 trap IDs are disambiguated",
        done="the T4 counts are cleaned and merged",
        alt="merge on grid reference rather than on trap ID",
        replies=(
            "Traps 4-11 and 4-12 were flooded on 14 June; treat them as missing, not zero.",
            "Carabidae only for now; the staphylinids are still being keyed out.",
            "Is the number of trap-nights per trap in there, or do you need it from me?",
            "The covariates are in hatfield_habitat_v3.csv.",
            "Where a trap was disturbed (the badger ones), stop the count at the last intact check rather than dropping the trap entirely.",
            "Some traps were closed for a week and then reopened; the interrupted effort needs accounting for.",
            "The column headed 'back' refers to the back-up trap at each station. It isn't a flag.",
            "Traps that were moved mid-season should be treated as two traps, before and after the switch.",
        ),
    ),
    Task(
        key="gps",
        domain="field",
        ask="Convert the 212 GPS waypoints from the Garmin export (WGS84) to British National Grid and snap them to the survey quadrats.",
        nicks=("the GPS conversion", "the waypoint job", "the quadrat snapping"),
        do="convert the 212 Garmin waypoints to British National Grid and snap them to the quadrats",
        ctx="the Garmin from Tuesday's survey holds 212 waypoints in WGS84, while the quadrat layer is in BNG",
        q="could you get the two onto the same grid and match points to quadrats?",
        detail="the 212 waypoints",
        blocker="The quadrat shapefile turns out to be the 2019 layout, and the corrected one is with Dr. Abara, who is in the field until Friday",
        unblock="Dr. Abara has sent the corrected quadrat shapefile",
        done="the waypoints are converted and snapped",
        alt="use OSTN15 rather than the seven-parameter Helmert approximation",
        replies=(
            "Anything more than 10 m from a quadrat centroid should be flagged rather than snapped.",
            "Waypoint names are the quadrat IDs with a 'W' prefix.",
            "Which datum transformation are you using?",
            "Elevation isn't needed.",
            "Some waypoints were logged twice because the unit lost its fix and restarted; keep the later one.",
            "Points with the flag symbol are where we paused the transect for lunch. They aren't quadrats, so leave them out.",
            "Please don't cancel the duplicate waypoints automatically; list them for me first.",
            "If the snap distance gets too large, fall back to the nearest quadrat corner instead of the centroid.",
        ),
    ),
    Task(
        key="camera",
        domain="field",
        ask="Collapse the camera-trap tags from station CT-07 at Kielder (weeks 12-14) into independent detection events using the 30-minute rule.",
        nicks=("the camera-trap summary", "CT-07", "the independence filter"),
        do="turn the CT-07 tag sheet into independent detection events with the 30-minute rule",
        ctx="the CT-07 tag sheet from Kielder is complete for weeks 12 to 14",
        q="could you turn it into independent events with the 30-minute rule?",
        detail="the Kielder station",
        blocker="It seems the CT-07 camera clock was an hour out after the battery change, and nobody knows on which date",
        unblock="we've established that the CT-07 clock shift began on 28 March",
        done="the CT-07 events are summarised",
        alt="use a 60-minute independence window rather than 30",
        replies=(
            "Count pine marten and red squirrel separately even when they are in the same frame.",
            "Night images are flagged IR=1.",
            "How many independent roe deer events are there?",
            "Blank triggers don't count towards effort.",
            "The camera stopped triggering on 3 April when the card filled, so effort ends there.",
            "There's a gap when the camera was paused for maintenance, 9 to 11 April; exclude those days from effort.",
            "If the same animal leaves the frame and comes back within 30 min, that's one event.",
            "Please switch the time column to local time (BST) before applying the rule.",
        ),
    ),
    Task(
        key="veg",
        domain="field",
        ask="Calculate Shannon diversity and mean Ellenberg indicator values for the 40 vegetation quadrats from the Wicken Fen resurvey.",
        nicks=("the Wicken Fen diversity", "the Ellenberg job", "the quadrat diversity"),
        do="compute Shannon diversity and mean Ellenberg values for the 40 Wicken Fen quadrats",
        ctx="the cover data for all 40 quadrats of the Wicken Fen resurvey are now on the drive",
        q="could you get Shannon diversity and Ellenberg means out of them?",
        detail="the resurvey with 40 quadrats",
        blocker="Marta has just pointed out that the cover scale changed from Domin to percent halfway through the resurvey",
        unblock="Marta has converted the Domin scores for the first half to percent cover",
        done="the diversity indices are calculated",
        alt="weight the Ellenberg means by cover rather than by presence",
        replies=(
            "Please use the Hill et al. (1999) Ellenberg table.",
            "Bare ground and litter aren't species; leave them out.",
            "Is Shannon on the natural log?",
            "Q17 has 'Juncus efusus', which should be J. effusus.",
            "Species recorded only as 'cf.' should stay in, marked; please don't drop them.",
            "Quadrats 31-40 were surveyed after the break in July, so keep a column noting before and after.",
            "Where we backed off to genus level, use the genus mean Ellenberg value.",
            "Don't cancel out the rare species by rounding cover below 1%; keep them at 0.5.",
        ),
    ),
    Task(
        key="skylark",
        domain="field",
        ask="Fit a detection function to the skylark point-count distances from the Salisbury Plain survey and estimate density per km2.",
        nicks=(
            "the skylark distance sampling",
            "the detection function",
            "the Salisbury density estimate",
        ),
        do="fit a detection function to the Salisbury Plain skylark distances and estimate density",
        ctx="the Salisbury Plain skylark point counts (64 points, distances in metres) have been entered",
        q="could you estimate density per km2 from them?",
        detail="the Salisbury Plain one",
        blocker="We've just learnt that two observers recorded distances in paces rather than metres, and we don't yet know which points were theirs",
        unblock="the two observers' points have been identified and their paces converted at 0.8 m per pace",
        done="the skylark density estimate is done",
        alt="try a hazard-rate key rather than the half-normal",
        replies=(
            "Truncate at 250 m.",
            "Each point was visited twice, so effort is 2.",
            "What's the AIC difference between the candidate models?",
            "Report density with a 95% CI, please.",
            "Birds that flew off before the count started shouldn't be included.",
            "Counts that were stopped early because of rain have effort 0.5; see the 'partial' column.",
            "Drop the cosine adjustment terms if they don't improve AIC.",
            "Points 41-48 were resumed the following morning after the fog lifted; treat them as the same visit.",
        ),
    ),
    Task(
        key="edna",
        domain="field",
        ask="Plan the eDNA sampling route for the 14 ponds in the Ashdown great crested newt survey so that every sample is filtered within 24 h of collection.",
        nicks=("the eDNA route", "the newt ponds plan", "the Ashdown sampling"),
        do="plan a route round the 14 Ashdown ponds so every eDNA sample is filtered within 24 h",
        ctx="the 14 Ashdown ponds have to be sampled for newt eDNA and each sample filtered within 24 h",
        q="could you work out a route and timings that make that possible?",
        detail="the 14-pond one",
        blocker="The survey licence hasn't been renewed, and we can't enter the ponds until it is",
        unblock="the licence renewal has come through from Natural England",
        done="the eDNA route is planned",
        alt="split the route over two days rather than one",
        replies=(
            "We have one vehicle and two people.",
            "The filtering station is at the field centre in Forest Row.",
            "Roughly how long would the whole loop take?",
            "Ponds 3 and 4 are only 200 m apart; treat them as one stop.",
            "Ponds 9 and 10 are on the private estate, so we'll have to stop at the lodge and sign in.",
            "If it rains heavily, the fallback is to come back the next day; the kits are good for 48 h.",
            "Filtering can be paused between ponds as long as the samples stay on ice.",
            "Don't route through the ford; go back via the A22.",
        ),
    ),
    # ------------------------------------------------------------------ clinical research
    Task(
        key="crf",
        domain="clinical",
        ask="Go through the Visit 4 CRF entries at Site 03 (participants 03-011 to 03-027) and draft data queries for anything out of range.",
        nicks=("the Visit 4 review", "the Site 03 query drafting", "the query list"),
        do="draft data queries for the out-of-range Visit 4 entries at Site 03",
        ctx="monitoring has flagged a lot of out-of-range values in Site 03's Visit 4 CRFs",
        q="could you go through 03-011 to 03-027 and draft the queries?",
        detail="the one for Site 03",
        blocker="The sponsor has asked that no new queries be raised until the revised edit checks go live",
        unblock="the revised edit checks went live this morning",
        done="the Visit 4 queries are drafted",
        alt="group the queries by participant rather than by field",
        replies=(
            "Systolic BP range is 90-160 mmHg per the protocol.",
            "Queries should be phrased as questions rather than instructions, e.g. 'Please confirm ...'.",
            "How many queries have you drafted so far?",
            "03-019 withdrew after Visit 3, so she can be skipped.",
            "For 03-014 the con-med stop date is before the start date; that definitely needs a query.",
            "Dosing was interrupted and then resumed for 03-022, and the gap ought to match the AE log. Please check that it does.",
            "Where a visit was cancelled and rescheduled, query only the rescheduled date.",
            "The 'hold' field in the IP section refers to the study drug being withheld, not to the visit.",
        ),
    ),
    Task(
        key="deviation",
        domain="clinical",
        ask="Write up the protocol deviation for participant 07-004, whose Day 28 visit took place on Day 35 (window +/-3 days), on form PD-02.",
        nicks=("the 07-004 deviation", "the PD-02 form", "the Day 28 deviation"),
        do="write up the out-of-window deviation for 07-004 on form PD-02",
        ctx="07-004's Day 28 visit took place on Day 35, well outside the +/-3 day window",
        q="could you draft the PD-02 for it?",
        detail="the out-of-window Day 28 visit",
        blocker="The CRA thinks the Day 35 date may itself be a transcription error and wants the source documents checked first",
        unblock="the CRA has checked the source notes and Day 35 is correct",
        done="the PD-02 for 07-004 is drafted",
        alt="classify it as minor rather than major",
        replies=(
            "Root cause: the participant was travelling abroad.",
            "The PI is Dr. Fenwick; she signs it.",
            "Does a minor deviation need to go to the REC?",
            "Corrective action: reminder calls five days before each visit.",
            "Please mention that study drug was stopped on Day 30 on the PI's instruction, unrelated to the delay.",
            "The participant asked to pause participation over the holiday and then resumed; include that as context.",
            "The visit was originally cancelled by the site, not the participant. That belongs in the root cause.",
            "Under preventive action, say that we've switched to SMS reminders.",
        ),
    ),
    Task(
        key="calendar",
        domain="clinical",
        ask="Build the visit calendar for the 12 newly randomised HEART-2 participants per protocol v4.1 (Days 0, 14, 28 and 84, +/-3 days).",
        nicks=("the HEART-2 calendar", "the visit schedule", "the randomisation calendar"),
        do="draw up the HEART-2 visit calendar for the 12 new participants",
        ctx="twelve participants were randomised into HEART-2 last week and nobody has scheduled their follow-up visits",
        q="could you lay out their visit windows per protocol v4.1?",
        detail="the one with the twelve new participants",
        blocker="Protocol amendment v4.2 is about to change the visit windows, according to the sponsor's email this morning",
        unblock="the sponsor has confirmed that v4.2 keeps the same visit windows",
        done="the HEART-2 calendar is built",
        alt="show each window as a date range rather than a target date",
        replies=(
            "Randomisation dates are in the IWRS export.",
            "The clinic is closed on Fridays; shift those visits earlier, not later.",
            "Could you highlight any visits that clash with the Easter closure?",
            "Day 0 is the randomisation day itself.",
            "Participant 12 has paused her consent pending a conversation with her GP. Schedule her anyway, but greyed out.",
            "If a visit falls on a bank holiday, move it back a day rather than forward.",
            "Don't include the stop-dosing visit; that one is only triggered by an AE.",
            "Resumption visits after a dose hold are out of scope for this calendar.",
        ),
    ),
    Task(
        key="ae",
        domain="clinical",
        ask="Reconcile the AE log against the SAE reports for the LUNA trial (sites 01-05) and list the discrepancies.",
        nicks=("the AE reconciliation", "the LUNA SAE check", "the AE/SAE comparison"),
        do="reconcile the LUNA AE log against the SAE reports for sites 01-05",
        ctx="the safety desk says the LUNA AE log and the SAE forms disagree for several participants",
        q="could you reconcile the two and list where they differ?",
        detail="the LUNA one",
        blocker="The safety database migration has started, and the SAE export we have is already out of date",
        unblock="the safety database migration is complete and there's a fresh SAE export",
        done="the AE/SAE discrepancies are listed",
        alt="match on MedDRA preferred term rather than verbatim term",
        replies=(
            "Onset dates must match exactly; severity grades may legitimately differ.",
            "Site 04's SAE forms are scanned PDFs, I'm afraid.",
            "How many discrepancies have turned up so far?",
            "Non-serious AEs can be ignored for this exercise.",
            "For 02-031 the event resolved and then recurred; the AE log has it as one event and the SAE form as two. Please flag it.",
            "Where the study drug was withdrawn versus interrupted, the action-taken field should say which.",
            "The 'ongoing/stopped' column in the AE log is the event status; just compare it like any other field.",
            "Drop the relatedness fields from the comparison; the PI reassesses those separately.",
        ),
    ),
    Task(
        key="icf",
        domain="clinical",
        ask="Check which participants at Site 02 signed ICF v3.0 after v3.1 was approved on 4 March and therefore need re-consenting.",
        nicks=("the re-consent list", "the ICF check", "the consent version audit"),
        do="work out which Site 02 participants signed ICF v3.0 after 4 March and need re-consenting",
        ctx="ICF v3.1 was approved on 4 March, but Site 02 carried on using v3.0 for a while",
        q="could you work out who needs re-consenting?",
        detail="the ICF v3.0 business",
        blocker="The ethics committee is considering whether the v3.1 changes require re-consent at all and has asked us to await its ruling",
        unblock="the ethics committee has ruled that re-consent is required",
        done="the re-consent list is complete",
        alt="list the participants by consent date rather than by ID",
        replies=(
            "The site's consent log is in section 6 of the ISF.",
            "Witnessed consents count the same as any other.",
            "Do screen failures need re-consenting?",
            "The v3.1 approval letter is dated 4 March; it took effect on the 11th.",
            "Participants who withdrew, i.e. stopped all study activities, don't need re-consent; leave them off.",
            "Two participants paused participation and came back after v3.1, so they should have been re-consented on return.",
            "Please don't cancel the entries with illegible dates; flag them instead.",
            "Those who switched arms after unblinding are still in scope.",
        ),
    ),
    Task(
        key="recruit",
        domain="clinical",
        ask="Prepare the monthly recruitment report for the DSMB: screened, randomised and screen-failed per site for April, against the target of 15 per month.",
        nicks=("the recruitment report", "the April DSMB summary", "the DSMB report"),
        do="prepare the April recruitment report for the DSMB, per site, against the target of 15 a month",
        ctx="the DSMB wants April's screened, randomised and screen-failed numbers per site against the target of 15 a month",
        q="could you put that report together?",
        detail="the April numbers",
        blocker="The DSMB meeting has been postponed until July",
        unblock="the DSMB has reinstated its June meeting",
        done="the recruitment report is ready",
        alt="show cumulative totals rather than monthly figures",
        replies=(
            "Screening logs for all five sites are in the recruitment folder.",
            "The target is 15 randomised per month across all sites combined.",
            "Which site is furthest behind?",
            "A table plus one line chart is enough.",
            "Site 05 paused recruitment for the whole of April pending staffing; show it as zero with a footnote.",
            "Screen failures due to withdrawal of consent should be a separate category.",
            "Please don't drop the target line from the chart.",
            "Enrolment at Site 02 resumed on 10 April after the pharmacy audit; mention that in the narrative.",
        ),
    ),
    Task(
        key="shipment",
        domain="clinical",
        ask="Draft the sample shipment manifest for the 46 PK plasma tubes going to the central lab on dry ice (courier on Wednesday).",
        nicks=("the shipment manifest", "the PK shipment", "the dry-ice manifest"),
        do="draft the manifest for the 46 PK plasma tubes going to the central lab on Wednesday",
        ctx="46 PK plasma tubes have to go to the central lab on dry ice with Wednesday's courier",
        q="could you draft the shipment manifest?",
        detail="the 46 PK tubes",
        blocker="The central lab has just told us its freezers are full until the 20th",
        unblock="the central lab has freed up freezer space and can accept the shipment",
        done="the PK shipment manifest is drafted",
        alt="list the tubes by box position rather than by participant",
        replies=(
            "Box 1 holds positions A1 to E10, box 2 the rest.",
            "The central lab's accession prefix is LUN-PK.",
            "Does the manifest need the collection times as well as the dates?",
            "We'll send 5 kg of dry ice with it.",
            "Tubes with a haemolysis flag still go; the central lab decides what to do with them.",
            "The courier booking says 'hold at depot if closed'; leave that in the notes.",
            "Cancelled timepoints (03-015's 8 h sample, for instance) should appear as 'not collected'.",
            "Two tubes were thawed and refrozen; note it against them rather than dropping them from the list.",
        ),
    ),
    # ------------------------------------------------------------------ chemistry and materials
    Task(
        key="titration",
        domain="chem",
        ask="Calculate the concentration of the NaOH titrant from the three KHP standardisations (0.5103 g, 0.5088 g, 0.5121 g) and propagate the uncertainty.",
        nicks=("the NaOH standardisation", "the KHP calculation", "the titrant concentration"),
        do="work out the NaOH molarity from the three KHP titrations, with its uncertainty",
        ctx="the new batch of ~0.1 M NaOH has been titrated against KHP in triplicate",
        q="could you work out its actual molarity and the uncertainty?",
        detail="the KHP one",
        blocker="It appears the KHP wasn't dried at 110 C before weighing, so all three masses are suspect",
        unblock="fresh KHP has been dried at 110 C and the titrations repeated",
        done="the NaOH concentration is calculated",
        alt="take the mean of the three molarities rather than a pooled calculation",
        replies=(
            "Burette readings were 24.96, 24.87 and 25.09 mL.",
            "KHP molar mass is 204.22 g/mol.",
            "Is the RSD under 0.2%?",
            "Burette tolerance is +/-0.05 mL (class A, 50 mL).",
            "The endpoint was taken at the first persistent pink; we stopped adding there, and there was no back-titration.",
            "Titration 2 was paused for a minute while the phenolphthalein was topped up. I don't think it matters.",
            "Please don't drop titration 3 just because it's the highest; it's within tolerance.",
            "Switch the final uncertainty to expanded (k=2).",
        ),
    ),
    Task(
        key="hplc",
        domain="chem",
        ask="Integrate the HPLC chromatograms for the caffeine stability study (batch CS-22, 0-6 months at 40 C/75% RH) and report % remaining.",
        nicks=("the caffeine stability", "the CS-22 stability report", "the HPLC integration"),
        do="integrate the CS-22 caffeine stability chromatograms and report % remaining",
        ctx="the 6-month pull for the CS-22 caffeine stability batch was injected yesterday",
        q="could you integrate the whole series and report % remaining?",
        detail="the 40 C/75% RH batch",
        blocker="The column (C18, lot 4471) has been found to be mislabelled and may actually be a C8",
        unblock="the supplier has confirmed that lot 4471 is a C18 after all",
        done="the % remaining values are reported",
        alt="quantify by peak height rather than area",
        replies=(
            "Caffeine elutes at about 4.2 min.",
            "System suitability: tailing below 1.5, plate count above 2000.",
            "What's the % remaining at 3 months?",
            "Use the 100 ug/mL external standard.",
            "The sequence was stopped after injection 18 because of a pressure spike; injections 19-24 come from the re-run.",
            "There's a shoulder that drops off at about 4.6 min. Integrate it separately rather than including it in caffeine.",
            "The sequence was paused overnight and resumed at 07:40, so please check that the bracketing standards still pass.",
            "Instead of drop-line integration, use valley-to-valley for the shoulder.",
        ),
    ),
    Task(
        key="tensile",
        domain="chem",
        ask="Extract yield strength, UTS and elongation at break from the 15 tensile test files for the 6061-T6 coupons (ASTM E8) and tabulate mean +/- SD.",
        nicks=("the tensile analysis", "the 6061 coupon work", "the E8 tabulation"),
        do="extract yield, UTS and elongation from the 15 tensile files for the 6061-T6 coupons",
        ctx="the 15 tensile pulls on the 6061-T6 coupons are done and the raw files are on the Instron PC",
        q="could you extract yield, UTS and elongation at break and tabulate them?",
        detail="the 6061-T6 batch",
        blocker="The extensometer's calibration certificate lapsed in January, so the strain data may not be usable",
        unblock="metrology have confirmed that the extensometer was within tolerance when it was recalibrated",
        done="the tensile results are tabulated",
        alt="report the 0.2% offset yield rather than the upper yield point",
        replies=(
            "Gauge length 50 mm, width 12.5 mm; thickness was measured per coupon and is in the sheet.",
            "Coupons 7 and 12 broke outside the gauge length, so exclude them from elongation only.",
            "What's the mean UTS so far?",
            "MPa throughout, please.",
            "The test was paused at 2% strain to remove the extensometer; beyond that the curve uses crosshead displacement.",
            "Stop the elongation calculation at fracture, not at the last row; the machine logs a few rows after the break.",
            "We call it a break where the load drops by 40%.",
            "For the specimens that slipped and were re-gripped, use the second pull instead of the first.",
        ),
    ),
    Task(
        key="dsc",
        domain="chem",
        ask="Analyse the DSC traces for the 8 PLA blend samples and report Tg, Tm and % crystallinity (dHm0 = 93.7 J/g).",
        nicks=("the DSC analysis", "the PLA blend analysis", "the crystallinity calculation"),
        do="get Tg, Tm and % crystallinity from the DSC traces of the eight PLA blends",
        ctx="the DSC traces for the eight PLA blends have come back from the thermal lab",
        q="could you get Tg, Tm and crystallinity from them?",
        detail="the PLA blend samples",
        blocker="The thermal lab says the indium calibration drifted during that run and wants to repeat it",
        unblock="the thermal lab has repeated the run with a fresh indium calibration",
        done="the DSC values are reported",
        alt="use the second heating rather than the first",
        replies=(
            "Blend ratios are in the sample names: PLA/PBAT 90/10, 80/20 and so on.",
            "Correct the crystallinity for the PLA weight fraction.",
            "Is there a cold crystallisation peak in the 70/30?",
            "The heating rate was 10 C/min.",
            "The first heat was stopped at 200 C and cooled back down, so degradation shouldn't be an issue.",
            "Subtract the cold crystallisation enthalpy before dividing; don't drop it.",
            "Sample 6's trace has a step where the purge gas switched over; ignore that artefact.",
            "The 3 min hold at 200 C is there to erase thermal history; it's part of the method.",
        ),
    ),
    Task(
        key="saltspray",
        domain="chem",
        ask="Summarise the salt-spray results (ASTM B117, 500 h) for the four coating systems, rating creep from scribe per ASTM D1654.",
        nicks=("the salt-spray summary", "the B117 write-up", "the scribe creep rating"),
        do="summarise the 500 h salt-spray results for the four coatings, with D1654 scribe creep ratings",
        ctx="the 500 h salt-spray panels came out of the cabinet this morning",
        q="could you summarise scribe creep by coating system per D1654?",
        detail="the four-coating comparison",
        blocker="The cabinet log shows the salt concentration was out of specification for the last 120 h",
        unblock="the cabinet engineer says the concentration drift was within the B117 allowance after all",
        done="the salt-spray summary is written",
        alt="rate on mean creep rather than maximum creep",
        replies=(
            "Three panels per system; photographs are in the B117 folder.",
            "Coating D is the control (zinc phosphate only).",
            "Which system comes out best on mean creep?",
            "Please give creep in mm to one decimal place.",
            "Panels were pulled at 250 h for photographs and put back; exposure was paused for about 40 minutes.",
            "Coating C delaminated at the edges; drop edge effects from the rating.",
            "Use D1654 procedure A, not B; we aren't scraping back.",
            "If a panel's rating is borderline, round down rather than up.",
        ),
    ),
    Task(
        key="nmr",
        domain="chem",
        ask="Assign the 1H NMR spectrum of compound JK-47 (CDCl3, 400 MHz) and check that it is consistent with the proposed ester.",
        nicks=("the JK-47 NMR", "the proton assignment", "the ester check"),
        do="assign the 1H NMR of JK-47 and check it against the proposed ester",
        ctx="the 1H NMR of JK-47 (CDCl3, 400 MHz) has come back from the service",
        q="could you assign it and tell me whether it fits the proposed ester?",
        detail="the JK-47 spectrum",
        blocker="Jess says the JK-47 sample was contaminated with ethyl acetate and wants to re-run it after drying",
        unblock="Jess has re-run JK-47 after drying it under high vacuum",
        done="the JK-47 spectrum is assigned",
        alt="reference to TMS rather than to residual CHCl3",
        replies=(
            "The proposed structure is in JK-47_scheme.cdx.",
            "The OMe singlet should be around 3.7 ppm.",
            "Do the integrals add up to 18 H?",
            "Report shifts to two decimal places and J values in Hz.",
            "The peak at 2.17 ppm that drops out on the D2O shake is the OH.",
            "The aromatic integration stops at 7.26 because of the solvent peak.",
            "The reaction was quenched and then restarted with more reagent, so there may be starting material left.",
            "Instead of calling the multiplet at 3.6 a triplet, could it be a dd?",
        ),
    ),
    Task(
        key="hepes",
        domain="chem",
        ask="Work out the recipe for 2 L of 50 mM HEPES buffer, pH 7.4 at 25 C, with 150 mM NaCl, from the stocks on shelf 4.",
        nicks=("the HEPES recipe", "the buffer calculation", "the 2 L HEPES prep"),
        do="work out a recipe for 2 L of 50 mM HEPES, pH 7.4, with 150 mM NaCl",
        ctx="we need 2 L of 50 mM HEPES, pH 7.4 at 25 C, with 150 mM NaCl for Monday's purification",
        q="could you work out the recipe from what's on shelf 4?",
        detail="the 2 L buffer",
        blocker="We've discovered that the HEPES on shelf 4 is the sodium salt, not the free acid",
        unblock="a 500 g tub of HEPES free acid has turned up in the cold room",
        done="the HEPES recipe is worked out",
        alt="make it as a 10x stock rather than at working strength",
        replies=(
            "HEPES free acid is 238.3 g/mol.",
            "NaCl is the 5 M stock, not solid.",
            "How much water should go in before the pH adjustment?",
            "Use Milli-Q water throughout.",
            "Stop adding NaOH at pH 7.35; it creeps up overnight.",
            "Filter-sterilise after the pH adjustment, not before.",
            "Don't cancel the NaCl out of the calculation even if the stock is low.",
            "Could you back-calculate roughly how much 10 M NaOH it will need?",
        ),
    ),
    # ------------------------------------------------------------------ hydrology
    Task(
        key="rating",
        domain="hydro",
        ask="Fit a stage-discharge rating curve for gauge HG-12 on the River Wharfe from the 23 flow gaugings of 2021-2023.",
        nicks=("the HG-12 rating curve", "the Wharfe rating", "the gaugings fit"),
        do="fit a stage-discharge rating for HG-12 on the Wharfe from the 23 gaugings",
        ctx="the EA have sent over 23 flow gaugings for HG-12 on the Wharfe, 2021 to 2023",
        q="could you fit a rating curve to them?",
        detail="the Wharfe gauge",
        blocker="The gauge datum was lowered by 0.15 m in 2022, and nobody has corrected the older stages",
        unblock="the EA have sent the datum correction for the pre-2022 stages",
        done="the HG-12 rating is fitted",
        alt="fit two segments with a break at 1.2 m stage rather than a single power law",
        replies=(
            "Cease-to-flow stage is about 0.08 m.",
            "The three February 2022 gaugings are suspect (weed growth).",
            "What do the residuals look like at high flows?",
            "Use the form Q = a(h - h0)^b.",
            "Gaugings above 2.5 m are out of bank; the curve should stop there, or be extrapolated with a note.",
            "Please don't drop the November 2023 flood gauging; it's the only high one we have.",
            "There was a period when the logger stopped recording, but the gaugings from then still count.",
            "Backwater from the weir affects the lowest gaugings; flag them.",
        ),
    ),
    Task(
        key="rain",
        domain="hydro",
        ask="Infill the gaps in the hourly rainfall record at Malham Tarn (2015-2020) using the two nearest tipping-bucket gauges.",
        nicks=("the Malham infilling", "the rainfall gap-filling", "the tipping-bucket infill"),
        do="infill the Malham Tarn hourly rainfall gaps from the two nearest tipping-bucket gauges",
        ctx="the Malham Tarn hourly rainfall record has gaps amounting to about 11% of 2015-2020",
        q="could you infill them from the neighbouring tipping-bucket gauges?",
        detail="the Malham Tarn record",
        blocker="Both neighbouring gauges turn out to have the same gaps in winter 2018 (frozen buckets)",
        unblock="the Met Office has supplied a third gauge covering winter 2018",
        done="the Malham record is infilled",
        alt="use inverse-distance weighting rather than the normal-ratio method",
        replies=(
            "Gauge IDs are 588123 and 590114.",
            "Annual totals should match the storage gauge to within 5%.",
            "How many hours are still missing after infilling?",
            "Flag every infilled value with a quality code of 2.",
            "When the bucket stopped tipping in frost, the zeros are false; treat them as gaps, not as dry hours.",
            "The logger was paused for download each month for about 20 min; ignore those tiny gaps.",
            "Don't cancel out the snow events; they should show up as delayed melt.",
            "After the gauge was moved back to its original site in 2019, the correction factor goes back to 1.0.",
        ),
    ),
    Task(
        key="borehole",
        domain="hydro",
        ask="Compensate the pressure-transducer data from boreholes BH3, BH5 and BH7 for barometric pressure and convert them to groundwater levels in mAOD.",
        nicks=("the barometric compensation", "the borehole job", "the BH3/5/7 correction"),
        do="compensate the BH3, BH5 and BH7 logger data for barometric pressure and convert to mAOD",
        ctx="the Levelogger downloads from BH3, BH5 and BH7 are in, but uncompensated",
        q="could you correct them for barometric pressure and give levels in mAOD?",
        detail="the three boreholes",
        blocker="The Barologger was stolen from the compound in October, so there is no barometric record after that",
        unblock="the replacement barometric series from the neighbouring site has been approved for use",
        done="the groundwater levels are in mAOD",
        alt="use the Met Office barometric series rather than the on-site Barologger",
        replies=(
            "Top-of-casing elevations: BH3 87.42, BH5 91.03, BH7 85.66 mAOD.",
            "Manual dips are in dips_2023.xlsx.",
            "How large is the drift between the logger and the dips?",
            "Daily means are enough for the report.",
            "The dips are the ground truth; where a logger drifts, pull it back to the dips.",
            "BH5's logger stopped at 03:00 on 12 September and restarted when we swapped the battery.",
            "Sampling events (pumping) cause drawdown; drop those hours, or at least flag them.",
            "Hold the BH7 offset constant; it was re-surveyed last year.",
        ),
    ),
    Task(
        key="wq",
        domain="hydro",
        ask="Compile the nitrate and phosphate results from the lab's CSV for the 18 Eden catchment sampling sites and check them against the WFD thresholds.",
        nicks=("the Eden water quality", "the nitrate comparison", "the WFD check"),
        do="compile the Eden nitrate and phosphate results and check them against the WFD thresholds",
        ctx="the lab's results for the 18 Eden catchment sites have arrived as a CSV",
        q="could you compile them and check them against the WFD thresholds?",
        detail="the Eden catchment sites",
        blocker="The lab has emailed to say the phosphate method was out of control for the whole batch and that they'll re-run it",
        unblock="the lab has re-run the phosphate batch with the method back in control",
        done="the WFD comparison is compiled",
        alt="compare annual means rather than single samples",
        replies=(
            "Phosphate thresholds are site-specific; they're in the EA table I sent.",
            "Nitrate as mg/L NO3, not as N.",
            "How many sites fail on phosphate?",
            "A map would help, if it isn't too much work.",
            "For '<LOD' values, use half the LOD rather than dropping them.",
            "Site E11 is downstream of the STW; flow stopped during the drought, so there are only four samples.",
            "The lab's 'hold time exceeded' flag is on six samples; keep them, but mark them.",
            "Sites where sampling was suspended over winter should show gaps, not zeros.",
        ),
    ),
    Task(
        key="flood",
        domain="hydro",
        ask="Run a flood frequency analysis on the annual maximum series at the Skelton gauge (1961-2023) with GEV and L-moments, and report the 1-in-100-year flow.",
        nicks=("the flood frequency analysis", "the Skelton AMAX", "the 100-year flow"),
        do="run a GEV/L-moments flood frequency analysis on the Skelton AMAX and report the 100-year flow",
        ctx="the client wants the 1-in-100-year flow at Skelton from the 1961-2023 annual maxima",
        q="could you run a GEV flood frequency analysis with L-moments on it?",
        detail="the Skelton gauge",
        blocker="It came out at the project meeting that the AMAX before 1975 was recorded at a different gauge structure",
        unblock="the hydrometric team has confirmed that the pre-1975 AMAX can be adjusted with a single factor",
        done="the 100-year flow is estimated",
        alt="fit a generalised logistic rather than the GEV",
        replies=(
            "Water years run October to September.",
            "The AMAX file is skelton_amax_v2.csv.",
            "How wide is the confidence interval on the 100-year flow?",
            "Please include a growth curve plot.",
            "The 2000 flood exceeded the gauge's capacity and the record stops at the peak, so that year's value is an estimate.",
            "Drop water year 1963; it's incomplete.",
            "Don't switch to peaks-over-threshold; AMAX is what the client asked for.",
            "The client would like the 100-year figure backed up by the 200- and 1000-year flows as well.",
        ),
    ),
    Task(
        key="tdr",
        domain="hydro",
        ask="Build a site-specific calibration for the 12 TDR soil-moisture probes at Plynlimon from the 36 gravimetric samples.",
        nicks=("the TDR calibration", "the Plynlimon probe job", "the soil moisture calibration"),
        do="build a site-specific calibration for the 12 Plynlimon TDR probes from the gravimetric samples",
        ctx="the 36 gravimetric samples from beside the Plynlimon TDR probes have been weighed",
        q="could you build a site-specific calibration from them?",
        detail="the Plynlimon one",
        blocker="It turns out the gravimetric samples from the peat sites were dried at 60 C rather than 105 C",
        unblock="the peat samples have been re-dried at 105 C and reweighed",
        done="the TDR calibration is built",
        alt="fit a third-order polynomial rather than adjusting the Topp equation",
        replies=(
            "Bulk density is 0.21 g/cm3 for the peat and 1.12 for the mineral soils.",
            "Probes P1-P6 are in peat, P7-P12 in mineral soil.",
            "Does one curve fit both soil types, or do we need two?",
            "Give the RMSE in m3/m3.",
            "Probes that stopped logging during the drought can stay in the calibration for the period they worked.",
            "Drop the two samples with stones larger than 2 cm.",
            "After the probes were reinstalled, the offset switched sign; please check that.",
            "Hold the Topp coefficients as a comparison line on the plot.",
        ),
    ),
)


# --------------------------------------------------------------------------- slot values

_GREET = (
    "",
    "",
    "",
    "Morning. ",
    "Hello again. ",
    "Thanks for that. ",
    "Good afternoon. ",
    "Sorry for the slow reply. ",
    "Hi. ",
)
_ANS = (
    "Yes, that's correct.",
    "To answer your question: the corrected values.",
    "No, the second file is the right one.",
    "Both, ideally.",
    "Duplicates, not triplicates.",
    "I'd keep the outliers in, flagged.",
    "Three significant figures is fine.",
    "Yes, SI units throughout.",
    "The PI's preference is for medians.",
    "Yes, the version from last Thursday.",
)
_WHO = (
    "Priya",
    "Dr. Lindqvist",
    "Tomasz",
    "Helen (our CRA)",
    "Dr. Osei",
    "Marta",
    "the PI",
    "Ines",
    "Sam from the field team",
    "Dr. Nakamura",
    "Farah",
    "our QA lead",
)
_DAY = (
    "on Monday",
    "on Tuesday",
    "on Wednesday",
    "on Thursday afternoon",
    "on Friday",
    "yesterday",
    "last week",
    "this morning",
    "before lunch",
)
_DEFERRAL = (
    "next lab meeting",
    "interim analysis",
    "audit in May",
    "summer field season",
    "new financial year",
    "committee review",
    "site initiation visit",
    "PI's return from sabbatical",
)
_WAIT = (
    "we hear back from the PI",
    "the new lot of reagent arrives",
    "Dr. Osei is back from leave",
    "the ethics amendment is approved",
    "QA have signed off",
    "the instrument has been recalibrated",
    "the field team is back on the 14th",
)
_MEETING = (
    "lab meeting",
    "group meeting",
    "steering committee",
    "Monday project meeting",
    "one-to-one with the PI",
)
_SOP = ("SOP-WL-014", "SOP-CR-203", "SOP-FE-07", "SOP-HY-11", "SOP-QA-002", "SOP-GEN-031")
_REASON = (
    "the collaborator has already published it",
    "the sponsor has withdrawn the request",
    "that aim has been cut from the renewal",
    "the client no longer needs it",
    "the PI has decided it's out of scope",
)
_DATE = ("12 March", "3 April", "the 19th", "2024-02-27", "27 February")
_PLACE = ("cold room", "tissue culture suite", "field", "clinic", "fume hood", "instrument room")
_DUE = ("Friday", "Thursday noon", "the end of the week", "Monday's meeting")
_WHEN = ("on Monday", "after the audit", "next week", "once the data are in", "tomorrow")
_GROUP = ("core facility", "statistics unit", "data management team", "QA office")


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    nick = rng.choice(cur.nicks)
    onick = rng.choice(other.nicks)
    who = rng.choice(_WHO)
    s = {
        "g": rng.choice(_GREET),
        "ans": rng.choice(_ANS),
        "who": who,
        "day": rng.choice(_DAY),
        "deferral": rng.choice(_DEFERRAL),
        "wait": rng.choice(_WAIT),
        "meeting": rng.choice(_MEETING),
        "sop": rng.choice(_SOP),
        "reason": rng.choice(_REASON),
        "date": rng.choice(_DATE),
        "place": rng.choice(_PLACE),
        "due": rng.choice(_DUE),
        "when": rng.choice(_WHEN),
        "group": rng.choice(_GROUP),
        # the task in force (for a resume: the task done in between)
        "nick": nick,
        "blk": cur.blocker[:1].lower() + cur.blocker[1:],
        "done": cur.done,
        "alt": cur.alt,
        # the other task (for a switch: the new one; for a resume: the stopped one)
        "do2": other.do,
        "ctx2": other.ctx,
        "q2": other.q,
        "onick": onick,
        "odetail": other.detail,
        "unblock": other.unblock,
    }
    for k in (
        "ans",
        "who",
        "nick",
        "blk",
        "done",
        "alt",
        "do2",
        "ctx2",
        "q2",
        "onick",
        "odetail",
        "unblock",
        "reason",
    ):
        s[_cap(k)] = _cap(s[k])
    return s


# --------------------------------------------------------------------------- templates

_SWITCH: tuple[str, ...] = (
    "{g}{Ctx2}, so I'd rather you set {nick} aside and {do2}.",
    "{Ans} That said, given the PI's comments at lab meeting, it may be preferable to leave {nick} where it is for now. Could you {do2} instead?",
    "{Ctx2}. {Q2} {Nick} isn't urgent by comparison.",
    "Apologies for the change of plan: {who} has taken {nick} on, and I'd like you to {do2}.",
    "On reflection, {nick} is not the priority this week. {Do2}, please.",
    "{g}Slight change of direction. It was decided at the {meeting} (I wasn't there; {who} relayed it) that {nick} is to be parked and that we should {do2} first.",
    "{Blk}. While that is being sorted out, could you {do2}?",
    "{Ctx2}, and that has to go out today. {Q2}",
    "Hi, sorry, I know you're in the middle of {nick}. {Ctx2}. {Q2}",
    "{nick}: leave it there for today. Next: {do2}.",
    "stop {nick} pls, need you to {do2}",
    "Forget {nick} for now and {do2} instead.",
    "Can we switch to something else? {Do2}. We'll come back to {nick} another day.",
    "{Ctx2}. I suspect that needs attention before anything else; would you {do2}? I'll tell you when to return to {nick}.",
    "The deadline for {nick} has slipped to next month, so there's no rush on it. Meanwhile, {ctx2}; {q2}",
    "Yes, thanks, that's helpful. {Ctx2}, which rather changes the order of things. {Q2}",
    "{Who} has offered to finish {nick}, so let's hand it over. For our part, {do2}, if you would.",
    "Right, I've been overruled on {nick}: the PI would like us to {do2} first.",
    "We've lost a day on {nick} and it isn't going to be rescued this week. Could you turn to something more tractable and {do2}?",
    "Before you carry on... actually, don't carry on. {Ctx2}. {Q2}",
    "{g}{Ans} Incidentally, {ctx2}. Rather than pressing on with {nick}, could you {do2}?",
    "Let's put {nick} on hold. {Do2}.",
    "New priority from {who}: {do2}. {Nick} goes to the back of the queue.",
    "Having slept on it, I don't think {nick} is the best use of the afternoon. It would be more useful to {do2}.",
    "Park that. {Ctx2}; {q2}",
    "{Nick} will have to wait: {ctx2}. {Q2}",
    "quick change - can you {do2}? the other stuff can sit",
    "I've just come out of the {meeting}, and the consensus is that {nick} should be deferred until after the {deferral}. What they'd like in the meantime is for us to {do2}.",
    "{Ctx2}. Since that affects the report {who} is writing, {q2} Don't worry about {nick}; I'll pick it up myself later.",
    "Thanks for flagging that. To be honest, I think we've taken {nick} as far as it can usefully go for now. Could you {do2}?",
    "ok scrap that, {do2} pls",
    "{g}Would it be possible to {do2}? I realise that means abandoning {nick} halfway, which is fine.",
    "An email from {who} has just reshuffled things: {ctx2}. {Q2} Let {nick} rest for the moment.",
    "{Nick} is going nowhere until {wait}. So, in the interim, {do2}.",
    "hmm. honestly let's leave {nick}. {ctx2} - {q2}",
    "I'm conscious that {nick} has eaten most of the morning. Let's cut our losses and {do2}.",
    "Sorry, a more pressing matter: {ctx2}. {Q2}",
    "Please drop {nick} (we'll revisit it after the {deferral}) and {do2}.",
    "There's been a development. {Ctx2}. I think it may be preferable to deal with that now and to return to {nick} at a later date. {Q2}",
    "Yes. Though actually, rather than that, {do2}. {Nick} can go into next week's plan.",
    "{g}Change of plan for the rest of today: {do2}. {Who} will pick up {nick} from wherever you've left it.",
    "{Ctx2}!! {Q2} sorry, everything else is on pause",
    "Given what {who} reported back from the {meeting}, {nick} has been superseded. We should {do2} instead.",
    "To answer your question: no, not that one. And on reflection I'd rather you left {nick} entirely. Could you {do2}?",
    "The more I think about {nick}, the less convinced I am that it's worth doing before the {deferral}. {Ctx2}, which is more time-critical. {Q2}",
    "Hold that thought on {nick}. {Do2} first.",
    "can u {do2} instead of {nick}? the other one is more urgent",
    "I had a call with {who}. The short version: {ctx2}. {Q2} Whatever state {nick} is in is fine to leave.",
    "Thank you. I'm going to stop you there, I'm afraid: {ctx2}, and {q2}",
    "Leave {nick} as it is, please; there's no need to tidy it up. What I need now is for you to {do2}.",
    "{Nick}: we've decided not to proceed. A different request: {do2}.",
    "Could I pull you off {nick} for a bit? {Ctx2}. {Q2}",
    "{g}Slightly awkward, but {blk}. So {nick} is on ice; {do2} in the meantime, please.",
    "It's been pointed out to me, rightly, that {nick} duplicates what {who} did last year, so let's not repeat it. It would be a much better use of the time to {do2}.",
    "Everything on {nick} can wait. Urgent: {ctx2}. {Q2}",
    "okay so {ctx2} and {who} is panicking. {q2} sorry to derail {nick}",
    "Under {sop} we shouldn't really be doing {nick} until QA have signed off, so let's leave it. Could you {do2}?",
    "Change of tack: we're dropping {nick} and moving on to the next item on the list, which is to {do2}.",
    "Honestly, I give up on {nick}; it's not going to behave. Can you {do2}?",
    "That's enough on {nick} for now. {Ctx2}; {q2}",
    "Thanks for the update on {nick}. The numbers look plausible, though I'd like {who} to look them over at some point.\n\nUnfortunately there's been a development: {ctx2}. Given that, I think it may be preferable to set {nick} aside for the time being; it isn't going anywhere.\n\n{Q2}",
)

_STOP: tuple[str, ...] = (
    "{Blk}, so there's little point continuing with {nick} at present. Please leave it there.",
    "Given the PI's comments, we won't be pursuing {nick} any further.",
    "{Who} will take {nick} from here; please leave it with them.",
    "Let's leave {nick} until {wait}.",
    "On reflection, it may be preferable not to go ahead with {nick} at all. Thank you for the work so far.",
    "{g}{Ans} But having discussed it with {who}, we've agreed that {nick} should be parked until after the {deferral}.",
    "ok stop there on {nick}, thx",
    "Please stop working on {nick}.",
    "Cancel {nick}; it was requested in error.",
    "I think we have to accept that {nick} isn't going to work with the data we have. Leave it.",
    "{Blk}. I'll let you know when {nick} can carry on.",
    "That's all for {nick} today; I'll come back to it {when}.",
    "The {meeting} decided (according to {who}) that {nick} is on hold pending the {deferral}. Nothing further is needed from you on it for now.",
    "hold off on {nick} for the moment",
    "Hmm. I'd rather we didn't go any further with {nick} until I've spoken to the PI.",
    "Thanks. Actually, that's enough: {who} has already done {nick}, it turns out. Sorry for the duplication.",
    "You can down tools on {nick}; it's been handed over to {who}'s group.",
    "Yes, that's right. I'm going to call it a day on {nick}, though; we'll pick it up another time.",
    "Let's not spend any more time on {nick}.",
    "Right, I've been told {nick} is no longer needed: {reason}.",
    "No further work on {nick}, please. It's been overtaken by events.",
    "Can we leave {nick} half-done? I need to think about it over the weekend.",
    "{nick}: shelve it. {Reason}.",
    "{g}I'm afraid {nick} has been put on the back burner by the {meeting}. Nothing else for now.",
    "{Blk}. There's nothing sensible to be done on {nick} until that's resolved, so let's stop.",
    "As {who} pointed out, {nick} falls within the {group}'s remit, so we'll leave it to them.",
    "I don't think I want {nick} done after all.",
    "Pause {nick}, please. I'll be in touch.",
    "Let's defer {nick} to next quarter.",
    "no more work on {nick} for now ta",
    "Thanks for persevering with {nick}. I'm going to take it off your hands; {who} knows the background better.",
    "We'll revisit {nick} once {wait}. For today, that's it.",
    "On second thoughts, leave {nick} be.",
    "Having looked at what you've produced so far, I'm not sure {nick} is worth finishing. Let's abandon it.",
    "Apologies, but I've been asked to halt everything on {nick} pending a QA review.",
    "It's gone five on a Friday, so let's leave {nick} there and pick it up next week.",
    "{Blk}; consequently {nick} is suspended until further notice.",
    "{Who} says the PI doesn't want {nick} until after the {deferral}, so let's not.",
    "ok forget {nick}",
    "drop it, sorry",
    "Leave {nick}.",
    "I'd like to put a pin in {nick}.",
    "{Ans} In any case, please don't take {nick} any further; the study team has other plans for it.",
    "So the upshot of the {meeting} is that {nick} is dead in the water. Thanks anyway.",
    "Let's wrap {nick} up here, unfinished. I'll write a note in the lab book about where it stands.",
    "Leave it. {Nick} isn't happening this month.",
    "Thank you for the summary of {nick} so far; it's clear and I've forwarded it to {who}.\n\nHaving reflected on it overnight, and given the PI's comments at the {meeting}, I think we should not invest any more effort in {nick} until after the {deferral}. Please consider it parked; there's nothing more needed on it from you.",
)

_RESUME: tuple[str, ...] = (
    "Thanks, {done}. Could we return to {onick} now?",
    "{Unblock}, so {onick} can go ahead again.",
    "Right, back to {onick}.",
    "Good. Now, the other thing we started {day}: where had we got to?",
    "Let's pick up what we parked {day}.",
    "That's {nick} done, thank you. Back to {odetail}, please.",
    "Can we go back to where we were before {nick} came up?",
    "OK, {nick} can sit now. What state was {onick} in when we stopped? Carry on from there.",
    "{Unblock}. So shall we carry on where we left off?",
    "{Who} is happy with {nick}. Let's get {onick} finished.",
    "{g}Picking up the thread we dropped {day}: {onick}.",
    "Now that {nick} is out of the way, I'd like to resume {onick}.",
    "Thanks. Back to the earlier task, please; {who} has what they needed from {nick}.",
    "As for {onick}: the PI has had second thoughts and it's back on. Please continue from where you stopped.",
    "{Done}. Returning to the matter of {odetail}: please carry on.",
    "ok {nick} is fine. back to the other one",
    "Lovely. Where were we on {onick}? Carry on with it.",
    "Can you reopen {onick}? {Unblock}.",
    "Let's get back onto {onick}; I believe you'd got about halfway.",
    "{Unblock}; I'd be grateful if you could now finish {onick}.",
    "The thing we put on hold before {nick}: it's needed after all. Please pick it up again.",
    "Good, that's {nick} sorted. Now for the one we shelved earlier.",
    "Let's resume {onick}.",
    "back to {onick} pls",
    "Back to {onick}.",
    "{Who} has handed {onick} back to us; it didn't work out at their end. Could you continue it from where you got to?",
    "{Nick} looks fine; I'll check it properly later. Meanwhile, could you finish off {odetail}?",
    "Having thought about it over the weekend, I'd like to revive {onick}.",
    "{Ans} With {nick} settled, may we return to the earlier piece of work?",
    "As discussed at the {meeting}, {onick} is back on the list. Continue from your last step, please.",
    "Where did we leave the first thing I asked you for {day}? Let's finish that.",
    "Now the other matter, {odetail}, can be picked up again.",
    "{Done}. Onwards: the job we paused {day}.",
    "The {deferral} has been and gone, so {onick} is live again.",
    "Sorry for the detour with {nick}. Let's go back to {onick}.",
    "that's enough of {nick}, carry on with the previous thing",
    "Next: {onick} again, please, using the same approach as before.",
    "I've now heard from {who}: {unblock}. So over to {onick} once more.",
    "Resuming {odetail}: pick it up where you left it.",
    "Thanks for the help with {nick}. Could we now get back to what I originally asked you for? {Who} is waiting on it.",
    "Fine. Let's reinstate {onick}.",
    "Many thanks, {done}, and {who} is satisfied with it.\n\nOn the other front: {unblock}. That was the only thing holding us up, so I'd be grateful if you could go back to {onick} and carry on from the point where we stopped.",
)

_REPLY: tuple[str, ...] = (
    # plain
    "{Ans} Carry on with {nick}.",
    "How far along is {nick}?",
    "Thanks, {nick} looks right so far. Please continue.",
    "Could you show me the intermediate numbers for {nick} before going further?",
    "Yes, go ahead with {nick} as you've proposed.",
    "Per {sop}, everything has to be recorded with units; please check that {nick} follows that.",
    "Small correction for {nick}: use the version dated {date}, not the earlier one.",
    "Is there anything you need from me to finish {nick}?",
    "{Who} would like to see {nick} when it's done, so could you keep the output tidy?",
    "sounds good re {nick}, keep going",
    "Could you explain the assumption you made in the last step of {nick}?",
    "Please make sure {nick} is documented well enough for the lab book.",
    "Any idea how long {nick} will take?",
    "That's not quite what I meant. For {nick} I need values per sample, not pooled.",
    "Good. And please put the SOP number ({sop}) in the header of {nick}.",
    "{g}Just checking in on {nick}. Any problems?",
    "Approved. Proceed with {nick}.",
    "Given the PI's comments, it may be preferable to present {nick} as a table rather than as prose.",
    "Could you double-check the units in {nick}? Something looks an order of magnitude out.",
    "Can you add a short methods paragraph to {nick}?",
    "Yes, {who} confirms that's right for {nick}.",
    "Fine by me. Round to three significant figures throughout {nick}, please.",
    "Could you put the result of {nick} somewhere I can paste it into the report?",
    "Please keep going with {nick}, nice work so far",
    "Hmm, that number looks high. Could you recheck it before continuing with {nick}?",
    "A further detail for {nick}: everything was done at room temperature (21 +/- 1 C).",
    "{Ans} Anything else you need for {nick}?",
    "I'd prefer you didn't round until the final step of {nick}.",
    "where r we with {nick}",
    "ok, carry on",
    "Looks right. Continue.",
    "On reflection, please include the raw values as an appendix to {nick}.",
    "That seems reasonable for {nick}; {who} agrees.",
    "Thanks. I've looked over what you've done on {nick} so far and it's broadly what I expected.\n\nTwo small things: please label every table with the date of the source file ({date}), and keep a note of any value you had to correct by hand. Otherwise carry on as you are.",
    # hard look-alikes
    "No need to stop and check with me at every step of {nick}; use your judgement and carry on.",
    "Please don't put {nick} on hold; the PI wants it by {due}.",
    "I was half minded to drop {nick}, but on reflection it's worth finishing. Carry on.",
    "{Nick}: on reflection, {alt}. Otherwise as before.",
    "For {nick}, it may be preferable to {alt}. Everything else stays the same.",
    "Sorry, I had to step away to the {place}. I'm back now; how's {nick} going?",
    "Quick question about {onick}, which we parked: did we ever save the intermediate file? No need to pick it up; stay on {nick}.",
    "Remind me later to get back to {onick} at some point. For now, carry on with {nick}.",
    "Don't switch methods halfway through {nick}; consistency matters more than elegance here.",
    "If you reach a point in {nick} where you'd normally stop to ask, just note the question and carry on.",
    "Cancel that last instruction about rounding; keep full precision in {nick}.",
    "Go back a step in {nick}: the previous version of that calculation was right.",
    "That was only a question, not a change of plan. Continue with {nick} from where you were.",
    "I know I said earlier that we might stop {nick} at the summary stage, but let's take it all the way.",
    "Don't cancel {nick} on my account; the email from {who} was about something else entirely.",
    "Leave {onick} parked; I only mentioned it for context. {Nick} is still the priority.",
    "The other thing can wait; {nick} first, as planned.",
    "Instead of emailing the result of {nick}, could you just paste it here?",
    "Later on, once {nick} is done, we might look at {onick} again. But not yet.",
    "Can you pause after the next step of {nick} so I can check the numbers? Then continue.",
    "Please don't drop any rows from {nick} without telling me.",
    "Nothing has changed on our side; keep going with {nick} despite what {who} said at the {meeting}.",
    "Stop me if I'm wrong, but shouldn't {nick} include the replicates too?",
    "The 'stopped' flag in the sheet for {nick} is just a status label; ignore it.",
    "I considered handing {nick} over to {who}, but they're swamped, so it stays with us. Carry on.",
    "If {nick} takes more than another hour, tell me rather than stopping of your own accord.",
    "Has anything happened on {onick} while it's been on hold? Just asking; I'm not picking it back up yet. Carry on with {nick}.",
    "Switch the output of {nick} to CSV rather than Excel, please.",
    "Back to your question about {nick}: yes, use the corrected values.",
    "No, don't abandon {nick}; the odd value is probably a transcription error. Check the source sheet.",
    "Hold on: before you finish {nick}, put the units in every column header.",
    "Just to pause for thought: are we sure the denominator in {nick} is right? Carry on if so.",
)


# --------------------------------------------------------------------------- builders

_BY_DOMAIN: dict[str, tuple[Task, ...]] = {}
for _t in _TASKS:
    _BY_DOMAIN[_t.domain] = (*_BY_DOMAIN.get(_t.domain, ()), _t)

_PREFIX = (
    "",
    "",
    "",
    "",
    "Also: ",
    "One more thing. ",
    "Oh, and ",
    "For the record, ",
    "Re your question: ",
    "Noted. ",
)


def _pair(rng: random.Random) -> tuple[Task, Task]:
    cur = rng.choice(_TASKS)
    other = rng.choice([t for t in _BY_DOMAIN[cur.domain] if t.key != cur.key])
    return cur, other


def _fill(template: str, slots: dict[str, str]) -> str:
    return _cap(template.format_map(slots))


def _template_builder(kind: str, template: str) -> Builder:
    def build(rng: random.Random) -> Case:
        cur, other = _pair(rng)
        text = _fill(template, _slots(rng, cur, other))
        return {
            "kind": kind,
            "text": text,
            "current_task": cur.ask,
            "stopped_task": other.ask if kind == "resume" else None,
        }

    return build


def _reply_builder(task: Task, reply: str) -> Builder:
    def build(rng: random.Random) -> Case:
        prefix = rng.choice(_PREFIX)
        text = prefix + (
            reply[:1].lower() + reply[1:] if prefix.endswith(("and ", ", ")) else reply
        )
        return {"kind": "reply", "text": text, "current_task": task.ask, "stopped_task": None}

    return build


def _builders() -> dict[str, list[list[Builder]]]:
    """Per kind, one or more lanes of builders; generation alternates between lanes."""
    specific = [_reply_builder(t, r) for t in _TASKS for r in t.replies]
    return {
        "switch": [[_template_builder("switch", s) for s in _SWITCH]],
        "stop": [[_template_builder("stop", s) for s in _STOP]],
        "resume": [[_template_builder("resume", s) for s in _RESUME]],
        "reply": [[_template_builder("reply", s) for s in _REPLY], specific],
    }


# --------------------------------------------------------------------------- register noise

_WORD = re.compile(r"[A-Za-z]{5,}")


def _register(text: str, rng: random.Random) -> str:
    """Typing habits of busy people at a bench or in the field, applied sparingly."""
    r = rng.random()
    if r < 0.10:
        text = text.lower()
    elif r < 0.16:
        text = text.replace("'", "")
    if rng.random() < 0.10 and text.endswith("."):
        text = text[:-1]
    if rng.random() < 0.06:
        text = re.sub(r"\bplease\b", "pls", text, count=1)
        text = re.sub(r"\bThanks\b", "Thx", text, count=1)
    if rng.random() < 0.08:
        words = list(_WORD.finditer(text))
        if words:
            m = rng.choice(words)
            i = rng.randrange(m.start() + 1, m.end() - 2)
            text = text[:i] + text[i + 1] + text[i] + text[i + 2 :]
    return text


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


PLAN_ORDER = KINDS


def generate(seed: int) -> list[Case]:
    """Return 600 labelled, deduplicated, shuffled cases for ``seed``."""
    rng = random.Random(seed)
    builders = _builders()
    seen: set[str] = set()
    cases: list[Case] = []
    for kind in PLAN_ORDER:
        lanes = [list(lane) for lane in builders[kind]]
        for lane in lanes:
            rng.shuffle(lane)
        want = PLAN[kind]
        made = 0
        step = 0
        while made < want:
            if step > want * 200:
                raise RuntimeError(f"could not fill {kind!r} with distinct texts")
            lane = lanes[step % len(lanes)]
            case = lane[(step // len(lanes)) % len(lane)](rng)
            step += 1
            raw = _norm(str(case["text"]))
            text = _register(str(case["text"]), rng)
            key = _norm(text)
            # a template without task slots may come out identical; keep it once, noise or not
            if key in seen or raw in seen:
                continue
            seen.add(key)
            seen.add(raw)
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
