# ruff: noqa: E501
"""Held-out corpus ``r`` of a person's turns to an AI coding agent mid-task. Written blind.

Written as an independent author from the side of data scientists, ML engineers, analysts and
researchers who steer a coding agent that runs notebooks, SQL, training jobs and scripts in a
repository. Opened while writing: only lines 1-60 of ``benchmarks/_turns_corpus_j.py`` (its
docstring, imports and ``KINDS``), to copy the interface; none of its wording is reused. NOT
opened or grepped: anything under ``src/``, ``tests/`` or ``benchmarks/results/``, and every
other ``benchmarks/_turns_corpus_*.py`` file. packlight's classifiers and benchmarks were never
run on this corpus; do not tune this file against a classifier's output.

``generate(seed)`` returns 600 labelled cases (180 switch, 120 stop, 120 resume, 180 reply),
deduplicated on normalised text (lowercased, whitespace collapsed; a text never appears twice,
so never under two kinds) and shuffled with ``random.Random(seed)``. Each case is a dict with:

- ``kind``: ``"switch"`` (the task in force is stopped, parked or replaced and a different task
  is asked for in the same message, in any wording), ``"stop"`` (stopped, cancelled, parked or
  handed off, nothing new asked), ``"resume"`` (back to a task stopped earlier) or ``"reply"``
  (everything else said mid-task);
- ``text``: the message as typed;
- ``current_task``: the task in force, as the person first asked it; for a resume, the task
  done in between;
- ``stopped_task``: for a resume, the earlier stopped task as first asked; otherwise ``None``.

Authorship choices for this corpus:

- 33 data and ML tasks: a train/test leak, a slow pandas groupby, a class-weighted churn
  retrain, a CUDA OOM, a dbt model, a CSV with mixed encodings, a cohort retention chart, XGBoost
  tuning with Optuna, an Airflow 2 migration, feature pipeline unit tests, an A/B test's
  significance (``exp-0412``), a dashboard tile query, customer dedup, a flaky notebook cell, an
  R-to-Python port, churn and signup pulls, SHAP plots, a skewed Spark job, Great Expectations
  checks, a Prophet forecast, a FAISS ticket search, a cleanlab pass, a DistilBERT fine-tune, a
  Redshift-to-Snowflake port, a revenue-drop investigation, CSV-to-Parquet, scoring latency,
  geocoding, NPS weighting, a drift report, a notebook-to-package refactor and a
  reproducibility bug. Each has later names (files, tables, columns, experiment ids, metric
  values, error messages), pasted tracebacks or query output, and same-task notes.
- Switch, stop and resume wording is mostly indirect: Slack-style terseness ("ok park the xgb
  stuff, need ..."), hedged redirects ("I think X can wait, could you ..."), priorities from
  others ("the PM needs ... before standup, do that first"), decisions through outcomes ("the
  team decided to keep it in R"), implicit switches that only ask for a different task, and
  resumes ("ok the chart's done, back to the OOM", "where did we leave the dedup?"). Only a
  minority says stop, switch, instead or cancel.
- Replies mix answers, details, corrections, approvals and questions with hard look-alikes that
  use stop/cancel/pause/kill/switch/instead/back/resume words about the task's own subject
  matter (early stopping, "kill the kernel and rerun", "cancel the running query, wrong date
  range", "switch the optimizer to AdamW", "pause the DAG while we backfill", "resume from the
  last checkpoint"), deferrals of sub-parts, and mentions of a parked task without taking it up.
- Seeded slot filling over templates per kind plus task-specific reply lines, then register
  noise on some cases (lowercase, typos, dropped punctuation, "pls", "rn", "thx", "fwiw",
  "tbh", emoji). Pasted blocks are protected from the noise. Standard library only.

``python benchmarks/_turns_corpus_r.py`` prints the self-check.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass

KINDS = ("switch", "stop", "resume", "reply")
PLAN: dict[str, int] = {"switch": 180, "stop": 120, "resume": 120, "reply": 180}

_PASTE_MARK = "\x00\x00"


@dataclass(frozen=True)
class Task:
    """One task a person may give the agent, with the names used for it later."""

    key: str
    ask: str
    nicks: tuple[str, ...]
    nps: tuple[str, ...]
    dos: tuple[str, ...]
    pastes: tuple[str, ...]
    wheres: tuple[str, ...]
    moots: tuple[str, ...]
    replies: tuple[str, ...]


TASKS: tuple[Task, ...] = (
    Task(
        key="leak",
        ask="There's a data leak in our train/test split in `features/split.py`: the same customer_id lands in both train and test. Fix it so the split is grouped by customer.",
        nicks=("the leak fix", "the split leak", "the train/test leak thing", "the split.py fix"),
        nps=("the leak fix", "the grouped split"),
        dos=(
            "fix the train/test leak in features/split.py, same customer_id is in both sets",
            "make the split in split.py group by customer_id, we've got leakage",
            "sort out the customer_id leak between train and test",
        ),
        pastes=(
            ">>> len(set(train.customer_id) & set(test.customer_id))\n4127",
            "AUC  train=0.991  val=0.989  test=0.987",
        ),
        wheres=(
            "you'd found 4127 customer_ids in both sets",
            "we were about to swap train_test_split for GroupShuffleSplit",
        ),
        moots=(
            "the test set gets rebuilt from scratch next sprint anyway",
            "that split is only used by the deprecated v1 model",
        ),
        replies=(
            "use GroupShuffleSplit, not GroupKFold, we only need the one split",
            "go back to how the previous commit did the preprocessing, but fit the scaler on train only",
            "stop fitting the imputer before the split, that's a second leak",
            "4127 overlapping ids is about what I expected to be honest",
            "keep test_size=0.2 and random_state=42 so the numbers stay comparable",
            "does signup_date leak too? it's in the feature list",
            "instead of dropping the overlapping rows, just re-split from scratch by customer",
        ),
    ),
    Task(
        key="groupby",
        ask="The `agg_sessions()` groupby in `reports/sessions.py` takes ~14 minutes on the 40M-row sessions frame. Can you speed it up?",
        nicks=("the groupby speedup", "the pandas perf thing", "agg_sessions", "the slow groupby"),
        nps=("the faster agg_sessions", "the groupby speedup"),
        dos=(
            "speed up the groupby in reports/sessions.py, agg_sessions takes 14 min",
            "make agg_sessions() faster, it's a pandas groupby over 40M rows",
        ),
        pastes=(
            "%timeit agg_sessions(df)\n13min 52s ± 21.4 s per loop (mean ± std. dev. of 3 runs, 1 loop each)",
            '  File "reports/sessions.py", line 88, in agg_sessions\n    out = df.groupby(["user_id", "day"]).apply(_summarise)\nMemoryError: Unable to allocate 6.10 GiB for an array with shape (40213377, 20) and data type float64',
        ),
        wheres=(
            "you'd replaced the .apply with named aggs",
            "we were comparing polars against categorical dtypes",
        ),
        moots=(
            "that report is moving to BigQuery next month",
            "it runs nightly so 14 minutes doesn't actually hurt anyone",
        ),
        replies=(
            "switch user_id to a categorical dtype first and pass observed=True",
            "drop the .apply, named aggregations should cover everything _summarise does",
            "kill the kernel and rerun, it's still holding 30GB from the last attempt",
            "polars is fine as long as it stays inside that one function",
            "the output has to match the old one exactly, check with pd.testing.assert_frame_equal",
            "14 min down to 2m10s? nice",
            "instead of .apply(_summarise) can we do sum/mean/nunique in one .agg call?",
        ),
    ),
    Task(
        key="classweights",
        ask="Retrain the churn classifier in `models/churn_lgbm.py` with class weights. Positives are only 3% and recall is terrible.",
        nicks=("the class weights retrain", "the churn retrain", "the reweighting", "churn_lgbm"),
        nps=("the reweighted churn model", "the churn retrain"),
        dos=(
            "retrain the churn model with class weights, recall on the 3% positives is awful",
            "rerun churn_lgbm.py with class_weight='balanced' and compare recall",
        ),
        pastes=(
            "              precision    recall  f1-score   support\n           0       0.98      0.99      0.99     48211\n           1       0.61      0.22      0.32      1489",
            "[LightGBM] [Warning] No further splits with positive gain, best gain: -inf\nEarly stopping, best iteration is:\n[212]\tvalid_0's auc: 0.8431",
        ),
        wheres=(
            "recall was sitting at 0.22 before the weights",
            "you were about to try scale_pos_weight=30",
        ),
        moots=(
            "product decided to replace the churn model with a rules-based flag",
            "we're switching to the vendor's churn scores next month",
        ),
        replies=(
            "early stopping at 50 rounds is fine, keep it",
            "try scale_pos_weight around 32 instead of 'balanced'",
            "cap it at 500 boosting rounds, no point going further",
            "recall 0.58 at precision 0.41 is acceptable for the ops team",
            "log it to MLflow under the churn-v3 experiment",
            "don't touch the features, only the weighting",
            "threshold 0.35 looks better than 0.5, use that",
        ),
    ),
    Task(
        key="oom",
        ask="Training `vit_b16` with `train_vit.py` on the 4x A10G box dies with CUDA out of memory at batch size 64. Debug it and get training running.",
        nicks=("the OOM", "the CUDA OOM", "the vit memory issue", "the OOM debugging"),
        nps=("the vit training run", "the OOM fix"),
        dos=(
            "debug the CUDA OOM in the vit_b16 training, it dies at batch 64",
            "figure out why train_vit.py runs out of GPU memory on the A10Gs",
        ),
        pastes=(
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB. GPU 0 has a total capacity of 22.19 GiB of which 412.00 MiB is free.",
            "|   0  NVIDIA A10G          On  | 00000000:00:1E.0 Off |     0 |\n|  0%   54C    P0   201W / 300W | 22184MiB / 23028MiB | 100%  Default |",
        ),
        wheres=(
            "you'd got it running at batch 48 with gradient checkpointing",
            "we suspected the eval loop was keeping the graph around",
        ),
        moots=(
            "training is moving to the H100 cluster, so the OOM goes away by itself",
            "research shelved the vit experiment this morning",
        ),
        replies=(
            "switch to bf16 autocast, the A10Gs support it",
            "kill the stuck python process on GPU 2 first, nvidia-smi shows it holding 18GB",
            "wrap the eval loop in torch.no_grad(), I bet that's it",
            "grad accumulation of 4 with batch 16 is fine by me",
            "no DeepSpeed please, too much setup for this",
            "stop the run after epoch 1 so we can look at peak memory, no need to train fully",
            "resume from checkpoints/epoch_3.pt rather than starting over",
            "yes, set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True and retry",
        ),
    ),
    Task(
        key="dbt",
        ask="Write a dbt model `orders_daily` in `models/marts/` that rolls `stg_orders` up to one row per day and store, with schema tests.",
        nicks=("the dbt model", "orders_daily", "the orders_daily model"),
        nps=("orders_daily", "the orders_daily model"),
        dos=(
            "write the dbt model for orders_daily",
            "build orders_daily in dbt, one row per day per store from stg_orders",
        ),
        pastes=(
            "Compilation Error in model orders_daily (models/marts/orders_daily.sql)\n  'ref' is undefined",
            "Failure in test unique_orders_daily_order_date_store_id (models/marts/schema.yml)\n  Got 37 results, configured to fail if != 0",
        ),
        wheres=(
            "the unique test was failing with 37 dupes",
            "you'd written the SQL but not the schema.yml",
        ),
        moots=(
            "analytics eng already has an orders_daily in their project",
            "the warehouse team froze new marts until the migration is done",
        ),
        replies=(
            "make it incremental with unique_key order_date || store_id",
            "the 37 dupes are refunds, filter status != 'refunded'",
            "materialized='table' is fine for now instead of incremental",
            "add not_null tests on store_id as well",
            "use {{ ref('stg_orders') }}, not the raw table",
            "day should be in store local time, not UTC",
        ),
    ),
    Task(
        key="csv",
        ask="Clean up `data/raw/vendors_2023.csv`: it has mixed encodings (latin-1 and utf-8) and mojibake in the vendor names. Produce a clean UTF-8 file.",
        nicks=("the CSV cleanup", "the encoding mess", "vendors_2023.csv", "the mojibake thing"),
        nps=("the clean vendors file", "the cleaned CSV"),
        dos=(
            "clean up data/raw/vendors_2023.csv, it's mixed latin-1/utf-8 with mojibake",
            "fix the encodings in vendors_2023.csv and write out a clean utf-8 copy",
        ),
        pastes=(
            "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe9 in position 18233: invalid continuation byte",
            "   vendor_id  name\n0     V-0193  CafÃ© MÃ¼ller GmbH\n1     V-0194  SÃ£o Paulo Distribuidora",
        ),
        wheres=(
            "ftfy had fixed most rows but about 200 were still garbled",
            "we were deciding what to do with the 0x9d bytes",
        ),
        moots=(
            "the vendor is resending the file in clean utf-8",
            "procurement doesn't need the 2023 vendors after all",
        ),
        replies=(
            "ftfy is fine, add it to requirements-dev.txt",
            "drop the rows you can't decode and log their line numbers",
            "keep the raw file untouched, write the output to data/clean/",
            "those 0x9d ones are cp1252 I think",
            "instead of guessing per file, detect per line with charset-normalizer",
            "yes, strip the BOM too",
        ),
    ),
    Task(
        key="retention",
        ask="Plot a monthly cohort retention chart (heatmap) from `analytics.user_activity` for cohorts since January 2023.",
        nicks=("the retention chart", "the cohort chart", "the heatmap"),
        nps=("the retention chart", "the cohort heatmap"),
        dos=(
            "plot the cohort retention chart from analytics.user_activity",
            "make a monthly cohort retention heatmap, cohorts since Jan 2023",
        ),
        pastes=(
            "cohort    m0     m1     m2     m3\n2023-01  1.000  0.412  0.318  0.277\n2023-02  1.000  0.398  0.301    NaN",
            "ValueError: Index contains duplicate entries, cannot reshape",
        ),
        wheres=(
            "the pivot was failing on duplicate entries",
            "you had the heatmap but the colour scale was off",
        ),
        moots=(
            "the growth team already has this in Looker",
            "the PM decided to use the Amplitude chart",
        ),
        replies=(
            "use a sequential colormap, Blues or viridis",
            "cut it off at m12",
            "cancel the running query, it's pulling 2022 as well. rerun from 2023-01-01",
            "annotate the cells with percentages, one decimal",
            "the dupes are users with two signup events, take the first one",
            "save it as png and svg under reports/figures/",
        ),
    ),
    Task(
        key="xgb",
        ask="Tune the XGBoost model in `pricing/xgb_model.py`: run a hyperparameter search with Optuna on the validation set. Current RMSE is 14.2.",
        nicks=("the xgb tuning", "the xgb stuff", "the optuna search", "the pricing model tuning"),
        nps=("the tuned xgb model", "the optuna results"),
        dos=(
            "tune the xgboost pricing model with optuna, RMSE is 14.2 right now",
            "run an optuna sweep on pricing/xgb_model.py",
        ),
        pastes=(
            "[I 2024-05-02 11:42:17,331] Trial 37 finished with value: 13.61 and parameters: {'max_depth': 7, 'eta': 0.05, 'subsample': 0.8}. Best is trial 29 with value: 13.48.",
            "xgboost.core.XGBoostError: [11:40:02] ../src/data/data.cc:507: Check failed: valid: Label contains NaN, infinity or a value too large.",
        ),
        wheres=(
            "best was trial 29 at 13.48",
            "you'd set up the study but only ran 40 trials",
        ),
        moots=(
            "pricing is going with the linear model for interpretability",
            "the pricing project got deprioritised for this quarter",
        ),
        replies=(
            "prune bad trials with MedianPruner and use early_stopping_rounds=30",
            "stop the study at 200 trials",
            "switch the sampler to TPE with multivariate=True",
            "13.48 vs 14.2 isn't much to be honest, widen the max_depth range",
            "drop the NaN labels before building the DMatrix",
            "persist the study to sqlite so we can resume it later",
        ),
    ),
    Task(
        key="airflow",
        ask="Migrate the `daily_ingest` Airflow DAG (`dags/daily_ingest.py`) from 1.10 style to Airflow 2 with the TaskFlow API, keeping the schedule and retries.",
        nicks=("the DAG migration", "the Airflow migration", "daily_ingest", "the airflow 2 port"),
        nps=("the migrated daily_ingest DAG", "the DAG migration"),
        dos=(
            "migrate the daily_ingest DAG to Airflow 2 / TaskFlow",
            "port dags/daily_ingest.py to the Airflow 2 TaskFlow API",
        ),
        pastes=(
            "airflow.exceptions.AirflowException: Invalid arguments were passed to PythonOperator (task_id: load_s3). Invalid arguments were:\n**kwargs: {'provide_context': True}",
            "Broken DAG: [/opt/airflow/dags/daily_ingest.py] No module named 'airflow.operators.python_operator'",
        ),
        wheres=(
            "you'd converted extract and transform but not load_s3",
            "the provide_context error was the last thing we saw",
        ),
        moots=(
            "we're replacing Airflow with Dagster next quarter",
            "data platform is doing all the DAG migrations centrally",
        ),
        replies=(
            "pause the DAG while we backfill, then unpause it",
            "keep catchup=False",
            "just drop provide_context, it's implicit in 2.x",
            "retries=3 with a 10 minute retry_delay like before",
            "don't backfill more than 7 days",
            "switch schedule_interval to the new schedule= arg while you're in there",
        ),
    ),
    Task(
        key="pipetests",
        ask="Write pytest unit tests for the feature pipeline in `features/pipeline.py`, especially `build_rfm()` and `encode_categoricals()`.",
        nicks=("the pipeline tests", "the feature tests", "test_pipeline"),
        nps=("the pipeline tests", "the feature pipeline tests"),
        dos=(
            "write pytest unit tests for features/pipeline.py, build_rfm and encode_categoricals first",
            "add unit tests for the feature pipeline",
        ),
        pastes=(
            "FAILED tests/test_pipeline.py::test_build_rfm_recency - AssertionError: assert 31 == 30",
            "E   KeyError: 'monetary'\nfeatures/pipeline.py:142: KeyError",
        ),
        wheres=(
            "test_build_rfm_recency was off by one",
            "you'd covered build_rfm but not encode_categoricals",
        ),
        moots=(
            "the pipeline is being rewritten on Feast, so the tests would be throwaway",
            "QA owns those tests now",
        ),
        replies=(
            "the off-by-one is real, recency should be 30. fix the function, not the test",
            "use small hand-built frames, no fixtures pulled from S3",
            "mark the slow integration one @pytest.mark.slow and leave it for later",
            "parametrize over the three currencies",
            "hypothesis for the encoder is overkill, plain cases are fine",
            "stop mocking pandas, just use real DataFrames",
        ),
    ),
    Task(
        key="abtest",
        ask="Compute the significance of the checkout A/B test (exp-0412): conversion for control vs. variant, from `experiments.assignments` joined to `orders`.",
        nicks=("the A/B test", "exp-0412", "the significance calc", "the checkout test analysis"),
        nps=("the exp-0412 numbers", "the A/B results"),
        dos=(
            "compute significance for exp-0412, control vs variant conversion",
            "run the stats on the checkout A/B test (exp-0412)",
        ),
        pastes=(
            "variant    users  conversions    rate\ncontrol    48213         2411  0.0500\ntreatment  48007         2593  0.0540",
            "z = 2.83, p = 0.0047 (two-sided)",
        ),
        wheres=(
            "you'd got p=0.0047 but hadn't checked SRM",
            "we were about to try CUPED",
        ),
        moots=(
            "the experiment got invalidated by the pricing bug",
            "the PM already called exp-0412 on the dashboard numbers",
        ),
        replies=(
            "check for sample ratio mismatch before anything else",
            "two-sided, alpha 0.05",
            "the test was stopped early on day 9, does that change the analysis?",
            "exclude internal users, email like '%@ourco.com'",
            "a proportions z-test is fine, no need for bayesian",
            "report a 95% CI on the relative lift too",
            "instead of a z-test can you bootstrap the CI? revenue per user is really skewed",
        ),
    ),
    Task(
        key="wapu",
        ask="Write the SQL for the revenue dashboard's 'weekly active paying users' tile from `billing.invoices` and `events`.",
        nicks=("the dashboard query", "the WAPU tile", "the revenue tile query"),
        nps=("the WAPU query", "the dashboard query"),
        dos=(
            "write the dashboard query for weekly active paying users",
            "build the SQL for the WAPU tile on the revenue dashboard",
        ),
        pastes=(
            "Query exceeded resource limits. 2.1 TB processed.",
            "week        wapu\n2024-04-01  18211\n2024-04-08  18964\n2024-04-15   9012",
        ),
        wheres=(
            "the last week was only half filled",
            "the query was scanning 2.1 TB",
        ),
        moots=(
            "finance is redefining WAPU so the tile is on hold",
            "the revenue dashboard is being retired",
        ),
        replies=(
            "cancel the running query, it's the wrong date range. rerun with 2024 only",
            "add a partition filter on event_date, otherwise it scans everything",
            "drop the current partial week",
            "paying = at least one invoice with amount > 0 in the last 30 days",
            "date_trunc to week starting Monday",
            "yes, 9012 for the last week is just because it's incomplete",
        ),
    ),
    Task(
        key="dedup",
        ask="Deduplicate the customer records in `crm.customers` (same person with different emails or typos in the name) and produce a mapping from duplicate id to canonical id.",
        nicks=("the dedup", "the customer dedup", "the dedupe job", "the entity resolution thing"),
        nps=("the dedup mapping", "the canonical id mapping"),
        dos=(
            "dedupe crm.customers and give me a dup_id -> canonical_id mapping",
            "deduplicate the customer records, same person with different emails",
        ),
        pastes=(
            "candidate pairs: 1,284,311\nmatched (score > 0.85): 41,902\nclusters: 18,377",
            "   id    name        email\n 1022  Jon Smyth   jon.s@gmail.com\n 8841  John Smith  jsmith@work.io",
        ),
        wheres=(
            "you had 18,377 clusters at threshold 0.85",
            "we were going through the false positives",
        ),
        moots=(
            "we're buying dedup from the CRM vendor",
            "sales ops already merged them by hand in Salesforce",
        ),
        replies=(
            "raise the threshold to 0.9, too many false merges",
            "block on zip code first, 1.2M pairs is too many",
            "canonical = the record with the oldest created_at",
            "Jon Smyth / John Smith is a correct merge",
            "don't write back to crm.customers, only to the mapping table",
            "use splink instead of recordlinkage",
        ),
    ),
    Task(
        key="notebook",
        ask="Cell 14 in `notebooks/forecast_eda.ipynb` fails intermittently with a KeyError. Fix it so the notebook runs top to bottom reliably.",
        nicks=("the flaky cell", "the notebook fix", "forecast_eda", "cell 14"),
        nps=("the fixed notebook", "the forecast_eda fix"),
        dos=(
            "fix the flaky cell 14 in forecast_eda.ipynb",
            "make notebooks/forecast_eda.ipynb run top to bottom, cell 14 keeps throwing KeyError",
        ),
        pastes=(
            "KeyError: 'region_code'\n----> 3 df = df.merge(regions, on='region_code')",
            "papermill.exceptions.PapermillExecutionError: An Exception was encountered at 'In [14]'.",
        ),
        wheres=(
            "it looked order-dependent on cell 9",
            "you'd found the hidden state from cell 9",
        ),
        moots=(
            "that notebook is getting deleted, the forecast moved to a script",
            "nobody runs forecast_eda anymore",
        ),
        replies=(
            "kill the kernel and rerun everything from the top",
            "restart and run all, then tell me if 14 still fails",
            "it's because cell 9 renames the column, move the rename up",
            "yes, run it through papermill in CI as well",
            "clear the outputs before committing",
            "instead of merging on region_code, merge on region_id",
        ),
    ),
    Task(
        key="rport",
        ask="Port `R/seasonality.R` (STL decomposition plus the plots) to Python as `forecast/seasonality.py` using statsmodels.",
        nicks=("the R port", "the seasonality port", "the R-to-Python thing"),
        nps=("the Python seasonality module", "the R port"),
        dos=(
            "port R/seasonality.R to python with statsmodels STL",
            "rewrite the R seasonality script in Python",
        ),
        pastes=(
            "R : stl(ts, s.window='periodic')  -> seasonal amplitude 412.3\npy: STL(ts, period=7).fit()        -> seasonal amplitude 388.9",
            "Error in library(forecast) : there is no package called 'forecast'",
        ),
        wheres=(
            "the seasonal amplitudes didn't match, 412 vs 389",
            "you'd ported the decomposition but not the plots",
        ),
        moots=(
            "the team decided to keep it in R",
            "the R script is being retired together with the old forecast",
        ),
        replies=(
            "to match s.window='periodic' use a large odd seasonal window",
            "5% difference is close enough",
            "plots in matplotlib, don't bother with plotnine",
            "keep the same function names as the R version, just snake_case",
            "switch to robust=True, the R version uses robust fitting",
        ),
    ),
    Task(
        key="churnpull",
        ask="Pull the Q1 churn numbers by plan tier from `billing.subscriptions` for the exec review.",
        nicks=("the churn numbers", "the Q1 churn pull", "the churn pull"),
        nps=("the churn numbers", "the Q1 churn by tier"),
        dos=(
            "pull the Q1 churn numbers by plan tier",
            "get me Q1 churn by plan tier from billing.subscriptions",
        ),
        pastes=(
            "tier        start_subs  churned  churn_rate\nbasic            12840     1411       0.110\npro               4122      206       0.050\nenterprise         388        7       0.018",
        ),
        wheres=(
            "the enterprise tier was missing",
            "you'd done logo churn but not revenue churn",
        ),
        moots=(
            "finance already sent the exec deck",
            "the exec review got pushed to next quarter",
        ),
        replies=(
            "logo churn, not revenue churn",
            "exclude trials that never converted",
            "a downgrade from pro to basic isn't churn",
            "paused subscriptions shouldn't count as cancelled",
            "0.110 for basic looks high, are paused subs counted as churned?",
        ),
    ),
    Task(
        key="signups",
        ask="Pull last week's signups by acquisition channel from `marketing.signups`.",
        nicks=("the signups pull", "signups by channel", "the signup numbers"),
        nps=("last week's signups by channel", "the signups by channel"),
        dos=(
            "pull last week's signups by channel",
            "get signups by acquisition channel for last week from marketing.signups",
        ),
        pastes=(
            "channel        signups\norganic           4211\npaid_search       2890\nreferral           611\n(null)            1307",
        ),
        wheres=(
            "there were 1307 signups with a null channel",
            "we were splitting paid_search into brand and non-brand",
        ),
        moots=(
            "marketing got the numbers out of HubSpot already",
            "the channel review meeting got cancelled",
        ),
        replies=(
            "null channel = direct, label it that way",
            "last week = Mon-Sun, ISO week 17",
            "split paid_search into brand vs non-brand",
            "exclude the test accounts, is_internal = true",
        ),
    ),
    Task(
        key="shap",
        ask="Generate SHAP explanations for the fraud model (`models/fraud_xgb.pkl`): a global summary plot and the top-5 reasons per flagged transaction.",
        nicks=("the SHAP stuff", "the fraud explanations", "the shap plots"),
        nps=("the SHAP plots", "the fraud explanations"),
        dos=(
            "generate SHAP explanations for fraud_xgb.pkl, summary plot plus top-5 reasons per transaction",
            "do the SHAP summary for the fraud model",
        ),
        pastes=(
            "100%|##########| 9000000/9000000 [3:41:12<00:00, 677.2it/s]",
            "ValueError: This reshape error is often caused by passing a bad data matrix to SHAP. See https://github.com/shap/shap/issues/580",
        ),
        wheres=(
            "the explainer was choking on the full 9M rows",
            "you'd done the summary plot but not the per-transaction reasons",
        ),
        moots=(
            "compliance said they don't need explanations for this model",
            "the fraud model is being replaced by the vendor's",
        ),
        replies=(
            "use TreeExplainer, KernelExplainer would take forever",
            "sample 5k rows for the summary plot",
            "cancel that explainer run, it's on all 9M rows. sample first",
            "top-5 reasons as a json column is fine",
            "use the raw feature names, not f0..f87",
        ),
    ),
    Task(
        key="spark",
        ask="The `sessionize` Spark job on EMR keeps failing with lost executors, looks like skew on the join with `users`. Fix it.",
        nicks=("the spark job", "sessionize", "the skew issue", "the EMR failure"),
        nps=("the sessionize fix", "the spark fix"),
        dos=(
            "fix the sessionize spark job, executors keep dying on the users join",
            "sort out the skew in the sessionize job on EMR",
        ),
        pastes=(
            "ExecutorLostFailure (executor 17 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits. 14.2 GB of 14 GB physical memory used.",
            "Stage 7: 1999/2000 tasks done, 1 task running for 2h 14m (input 48.1 GB)",
        ),
        wheres=(
            "user_id=0 looked like the hot key",
            "you were about to try salting the join",
        ),
        moots=(
            "sessionize is being rewritten in dbt by the platform team",
            "nobody consumes the sessions table anymore",
        ),
        replies=(
            "salt the join key, user_id=0 is bot traffic",
            "kill the application in YARN and resubmit with spark.sql.shuffle.partitions=2000",
            "turn on AQE skew join handling first, cheaper to try",
            "filter user_id=0 out before the join, we don't need bots in sessions",
            "yes, bump executor memory to 20g while we test",
        ),
    ),
    Task(
        key="ge",
        ask="Add Great Expectations checks to the `events_clean` table: no null user_id, timestamps within range, and event_type in the allowed set.",
        nicks=("the GE checks", "the data quality checks", "the expectations suite"),
        nps=("the expectations suite", "the GE checks"),
        dos=(
            "add great expectations checks on events_clean (null user_id, timestamp range, event_type set)",
            "set up data quality checks on events_clean with Great Expectations",
        ),
        pastes=(
            'expect_column_values_to_not_be_null(column="user_id")  success: false  unexpected_percent: 0.74',
        ),
        wheres=(
            "0.74% of user_id were null",
            "you'd done the null check but not the event_type set",
        ),
        moots=(
            "we're standardising on Soda instead of GE",
            "events_clean is getting dropped in the new pipeline",
        ),
        replies=(
            "mostly=0.99 on user_id, some anonymous events are legit",
            "don't let the checkpoint stop the whole DAG, just warn",
            "allowed event_types are in config/event_types.yaml",
            "timestamps between 2019-01-01 and now + 1 day",
        ),
    ),
    Task(
        key="forecast",
        ask="Build a weekly demand forecast for SKU group `BEV-12` with Prophet, 12-week horizon, and backtest it.",
        nicks=("the forecast", "the BEV-12 forecast", "the prophet thing"),
        nps=("the BEV-12 forecast", "the demand forecast"),
        dos=(
            "build a 12-week prophet forecast for BEV-12 and backtest it",
            "forecast weekly demand for the BEV-12 SKU group",
        ),
        pastes=(
            "horizon   mape    rmse\n4 weeks   0.121  412.8\n8 weeks   0.158  533.0\n12 weeks  0.182  601.4",
        ),
        wheres=(
            "MAPE was 18% at 12 weeks",
            "you were adding the promo regressor",
        ),
        moots=(
            "supply chain is sticking with their spreadsheet forecast",
            "BEV-12 is being discontinued",
        ),
        replies=(
            "add German public holidays",
            "18% MAPE is too high, try adding the promo flag as a regressor",
            "instead of prophet alone, add an ETS baseline to compare",
            "backtest with 6 cutoffs, 4 weeks apart",
            "multiplicative seasonality, the summer peak scales with level",
        ),
    ),
    Task(
        key="faiss",
        ask="Build a quick semantic search over support tickets: embed `support.tickets.body` with sentence-transformers and index it in FAISS.",
        nicks=("the ticket search", "the FAISS index", "the embeddings thing"),
        nps=("the ticket search", "the FAISS index"),
        dos=(
            "build a semantic search over the support tickets with sentence-transformers and FAISS",
            "embed support.tickets.body and put it in a FAISS index",
        ),
        pastes=(
            "Batches: 100%|##########| 9375/9375 [41:02<00:00,  3.81it/s]\nindex.ntotal = 300000",
        ),
        wheres=(
            "the embeddings were done but search quality looked bad",
            "you'd indexed 300k vectors with IndexFlatL2",
        ),
        moots=(
            "support is getting Zendesk's built-in search instead",
            "the search idea got vetoed in planning",
        ),
        replies=(
            "all-MiniLM-L6-v2 is fine, small is good enough",
            "IndexFlatIP is fine at 300k, no need for IVF",
            "normalise the embeddings before indexing, then inner product = cosine",
            "strip the email signatures before embedding",
        ),
    ),
    Task(
        key="cleanlab",
        ask="Find mislabelled examples in the `intent_v2` training set with cleanlab and give me the top 500 suspects.",
        nicks=("the label noise thing", "the cleanlab pass", "the intent_v2 cleanup"),
        nps=("the label suspects", "the top 500 suspects"),
        dos=(
            "run cleanlab on intent_v2 and give me the 500 most likely mislabels",
            "find the mislabelled rows in the intent_v2 training set",
        ),
        pastes=("find_label_issues: 3,912 of 58,200 examples flagged (6.7%)",),
        wheres=(
            "cleanlab had flagged 3,912 rows",
            "you needed out-of-fold probs first",
        ),
        moots=(
            "the labelling vendor is relabelling the whole set anyway",
            "intent_v2 is being replaced by the LLM classifier",
        ),
        replies=(
            "use 5-fold out-of-fold probs, not the training-set predictions",
            "rank by self_confidence, lowest first",
            "export the 500 to a csv with text, given label and suggested label",
            "ignore the 'other' class, it's noisy by design",
        ),
    ),
    Task(
        key="distilbert",
        ask="Fine-tune distilbert-base-uncased on `reviews_sentiment` (3 classes) with the HF Trainer and report macro F1 on the test split.",
        nicks=("the distilbert finetune", "the sentiment finetune", "the HF training"),
        nps=("the sentiment model", "the finetuned distilbert"),
        dos=(
            "fine-tune distilbert on reviews_sentiment and report macro F1",
            "train a distilbert sentiment classifier on reviews_sentiment",
        ),
        pastes=(
            "{'eval_loss': 0.6121, 'eval_f1_macro': 0.7134, 'epoch': 2.0}",
            "RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!",
        ),
        wheres=(
            "macro F1 was 0.713 after 2 epochs",
            "you'd hit the device mismatch in the collator",
        ),
        moots=(
            "we're using the hosted LLM for sentiment now",
            "the reviews project got cut",
        ),
        replies=(
            "switch the optimizer to AdamW with weight_decay=0.01",
            "turn on early stopping on eval_f1_macro with patience 2",
            "stop at 3 epochs, it overfits after that",
            "lr 3e-5, warmup 10%",
            "max_length 256 is enough for reviews",
            "resume_from_checkpoint the last good one instead of retraining",
        ),
    ),
    Task(
        key="snowflake",
        ask="Rewrite `sql/ltv_report.sql` from Redshift SQL to Snowflake syntax and check the totals match.",
        nicks=("the Snowflake port", "ltv_report", "the LTV query port"),
        nps=("the Snowflake version of ltv_report", "the LTV port"),
        dos=(
            "port sql/ltv_report.sql from Redshift to Snowflake",
            "rewrite the LTV report query in Snowflake syntax",
        ),
        pastes=(
            "SQL compilation error: error line 14 at position 8\ninvalid identifier 'GETDATE'",
            "redshift total_ltv = 18,402,117.52\nsnowflake total_ltv = 18,399,870.10",
        ),
        wheres=(
            "totals were off by about 2.2k",
            "GETDATE on line 14 was the last error",
        ),
        moots=(
            "the Snowflake migration is paused company-wide",
            "ltv_report is being replaced by the new dbt model",
        ),
        replies=(
            "GETDATE() -> CURRENT_TIMESTAMP()",
            "the 2.2k gap is probably rounding, Redshift casts to numeric(18,2)",
            "keep the CTE names identical so the diff is readable",
            "use QUALIFY instead of the nested row_number subquery",
        ),
    ),
    Task(
        key="revdrop",
        ask="Figure out why `daily_revenue` dropped 23% on 2024-04-18: is it a data issue or real?",
        nicks=("the revenue drop", "the 23% dip", "the April 18 thing"),
        nps=("the revenue drop writeup", "the answer on the 23% dip"),
        dos=(
            "figure out why daily_revenue dropped 23% on 2024-04-18",
            "look into the April 18 revenue dip, data issue or real?",
        ),
        pastes=(
            "dt          daily_revenue\n2024-04-16       412,880\n2024-04-17       405,112\n2024-04-18       311,940\n2024-04-19       409,551",
        ),
        wheres=(
            "it looked like the EU payments partition was missing",
            "you were comparing row counts per payment provider",
        ),
        moots=(
            "finance confirmed it was a known outage, nothing to investigate",
            "the upstream team already found it, a late-arriving partition",
        ),
        replies=(
            "compare row counts per payment_provider for the 17th vs 18th",
            "check the ingestion logs for the EU bucket",
            "yes, Adyen had an incident that day iirc",
            "break it down by country before anything else",
        ),
    ),
    Task(
        key="parquet",
        ask="Convert the `clickstream` CSV dumps in `s3://dl-raw/clickstream/` to Parquet partitioned by `dt`, snappy compressed.",
        nicks=("the parquet conversion", "the clickstream conversion", "the CSV-to-parquet job"),
        nps=("the parquet conversion", "the clickstream parquet"),
        dos=(
            "convert the clickstream CSVs in s3://dl-raw/clickstream/ to parquet partitioned by dt",
            "turn the clickstream dumps into snappy parquet, partition by dt",
        ),
        pastes=(
            "pyarrow.lib.ArrowInvalid: CSV parse error: Expected 14 columns, got 15: 2023-11-02T10:14:07Z,...",
        ),
        wheres=(
            "some November files had 15 columns",
            "you'd converted up to 2023-10",
        ),
        moots=(
            "the firehose is writing parquet natively from next week",
            "we're dropping the old clickstream data entirely",
        ),
        replies=(
            "the 15th column is the new referrer field, add it as nullable",
            "row groups of ~128MB please",
            "write to s3://dl-curated/clickstream/, not back into raw",
            "don't delete the CSVs yet",
        ),
    ),
    Task(
        key="latency",
        ask="The FastAPI scoring endpoint for the churn model (`serve/app.py`) has p95 latency of 480 ms. Get it under 100 ms.",
        nicks=("the latency work", "the scoring endpoint", "the p95 thing"),
        nps=("the faster scoring endpoint", "the latency fix"),
        dos=(
            "get the p95 of the churn scoring endpoint in serve/app.py under 100ms",
            "speed up the FastAPI scoring endpoint, p95 is 480ms",
        ),
        pastes=(
            "Latencies     [min, mean, 50, 90, 95, 99, max]  38ms, 212ms, 160ms, 401ms, 480ms, 702ms, 1.1s",
        ),
        wheres=(
            "the model was being loaded on every request",
            "you'd got p95 to 140ms",
        ),
        moots=(
            "we're moving scoring to batch, so latency doesn't matter",
            "the platform team is putting it behind their serving layer",
        ),
        replies=(
            "load the model once at startup, not per request",
            "convert it to ONNX if it helps, but measure first",
            "cancel the load test, it's hitting the prod URL. use staging",
            "p95 at 140ms is already a win, keep going",
        ),
    ),
    Task(
        key="geo",
        ask="Geocode the store addresses in `data/stores.csv` and spatially join them to census tracts from `tracts_2020.shp`.",
        nicks=("the geocoding", "the tract join", "the stores geocode"),
        nps=("the geocoded stores", "the tract join"),
        dos=(
            "geocode data/stores.csv and join the stores to census tracts",
            "get lat/lon for the stores and attach the 2020 tract ids",
        ),
        pastes=("geocoded 1,812 / 1,940 (128 failed)\nCRS mismatch: EPSG:4326 vs EPSG:4269",),
        wheres=(
            "128 addresses had failed to geocode",
            "the CRS mismatch was the last issue",
        ),
        moots=(
            "real estate already has lat/lon for every store",
            "the site-selection study got cancelled",
        ),
        replies=(
            "reproject the stores to EPSG:4269 before the sjoin",
            "the 128 failures are mostly PO boxes, drop them",
            "use the census geocoder, not Nominatim",
            "predicate='within' is fine",
        ),
    ),
    Task(
        key="nps",
        ask="Compute NPS by customer segment from `survey_responses_q1.xlsx`, weighting responses by region.",
        nicks=("the NPS calc", "the survey numbers", "the NPS thing"),
        nps=("the NPS by segment", "the weighted NPS"),
        dos=(
            "compute NPS by segment from survey_responses_q1.xlsx, weighted by region",
            "work out the region-weighted NPS per segment",
        ),
        pastes=(
            "segment      n    nps_raw  nps_weighted\nSMB        842      31.2          28.9\nMid        410      22.7          24.1\nEnterprise  96      40.6          38.0",
        ),
        wheres=(
            "Enterprise only had 96 responses",
            "you'd computed the raw NPS but not the weighted one",
        ),
        moots=(
            "the survey vendor sends their own NPS report",
            "CX decided to use the unweighted numbers",
        ),
        replies=(
            "weights from the customer base share per region, not the population",
            "flag Enterprise as low-n, 96 is thin",
            "promoters 9-10, detractors 0-6, the usual",
            "add bootstrap CIs per segment",
        ),
    ),
    Task(
        key="drift",
        ask="Set up an Evidently drift report comparing last month's scoring inputs for the credit model against its training set.",
        nicks=("the drift report", "the evidently thing", "the drift check"),
        nps=("the drift report", "the evidently report"),
        dos=(
            "set up an evidently drift report for the credit model, last month vs training",
            "compare the credit model's recent inputs to the training set for drift",
        ),
        pastes=(
            "Dataset Drift: detected (share of drifted columns 0.31 > 0.3)\nincome: PSI 0.27\nutilization: PSI 0.19",
        ),
        wheres=(
            "income had PSI 0.27",
            "you'd only run it on the numeric columns",
        ),
        moots=(
            "model risk is doing drift monitoring in their own tool",
            "the credit model is being retrained next week anyway",
        ),
        replies=(
            "use PSI for numerics and chi-square for the categoricals",
            "income drift is expected, salaries went up",
            "html report is fine, save it under reports/drift/",
            "exclude application_id, obviously",
        ),
    ),
    Task(
        key="uplift",
        ask="Refactor `notebooks/uplift_model.ipynb` into a proper package under `uplift/` with a CLI entry point and the same outputs.",
        nicks=("the uplift refactor", "the notebook-to-package thing", "the uplift package"),
        nps=("the uplift package", "the uplift refactor"),
        dos=(
            "turn notebooks/uplift_model.ipynb into a package with a CLI",
            "refactor the uplift notebook into a proper python package",
        ),
        pastes=(
            "qini_auc notebook=0.0412  package=0.0398",
            "ModuleNotFoundError: No module named 'uplift.features'",
        ),
        wheres=(
            "the qini numbers didn't match the notebook",
            "you'd split out features.py and train.py but not the CLI",
        ),
        moots=(
            "the uplift model is getting retired",
            "the marketing science team is rewriting it themselves",
        ),
        replies=(
            "click or argparse, either is fine",
            "the qini mismatch is probably the random seed in the split",
            "keep the notebook but make it import from the package",
            "no need for a config system, just CLI flags",
        ),
    ),
    Task(
        key="repro",
        ask="The `recsys` training isn't reproducible: two runs with seed 13 give NDCG@10 of 0.412 and 0.397. Make it deterministic.",
        nicks=("the reproducibility issue", "the seed thing", "the nondeterminism"),
        nps=("the deterministic training", "the reproducibility fix"),
        dos=(
            "make the recsys training reproducible, same seed gives different NDCG",
            "track down the nondeterminism in the recsys training",
        ),
        pastes=(
            "run A  seed=13  ndcg@10=0.4121\nrun B  seed=13  ndcg@10=0.3974",
            "RuntimeError: Deterministic behavior was enabled with either `torch.use_deterministic_algorithms(True)` or `at::Context::setDeterministicAlgorithms(true)`, but this operation is not deterministic because it uses CuBLAS",
        ),
        wheres=(
            "the DataLoader workers weren't seeded",
            "the CuBLAS error came up after use_deterministic_algorithms",
        ),
        moots=(
            "we're accepting the variance and averaging 3 seeds instead",
            "the recsys model is being replaced",
        ),
        replies=(
            "set CUBLAS_WORKSPACE_CONFIG=:4096:8 and retry",
            "seed the DataLoader workers with worker_init_fn",
            "a 0.001 difference is fine, 0.015 isn't",
            "go back to the old negative sampler, the new one draws from an unseeded rng",
        ),
    ),
)

WHO: tuple[str, ...] = (
    "the PM",
    "Priya",
    "my manager",
    "Dev from finance",
    "the head of growth",
    "Marcus",
    "our VP",
    "the client",
    "Lena",
    "ops",
    "Sam",
    "the CFO's office",
)
OWNERS: tuple[str, ...] = (
    "Priya",
    "Marcus",
    "Lena",
    "the platform team",
    "analytics eng",
    "the ML platform folks",
    "Sam",
    "Tomasz",
)
WHEN: tuple[str, ...] = (
    "before standup",
    "for the 3pm sync",
    "by EOD",
    "before the exec review at 4",
    "for tomorrow's QBR",
    "within the hour",
    "before lunch",
    "for the board deck",
    "by 5",
    "for the Monday readout",
)
DONE: tuple[str, ...] = (
    "is done",
    "is sent",
    "is merged",
    "went out",
    "is in the deck",
    "is shipped",
)
EMOJI: tuple[str, ...] = (" 🙏", " 😅", " 👍", " 🙃", " 👀", " ✅", " 🤞", " :)")

SWITCH_TEMPLATES: tuple[str, ...] = (
    "ok park {cur}, need {new_np} {when}",
    "hmm, I think {cur} can wait — could you {new_do}?",
    "{Who} needs {new_np} {when}, do that first",
    "{paste}\n\nok this is a rabbit hole. leave {cur} where it is and {new_do}",
    "can you {new_do}",
    "{New_do}.",
    "new priority: {new_do}. {cur} goes on the back burner",
    "we're dropping {cur}, {moot}. {New_do} instead.",
    "actually let's shelve {cur} for now. {New_do}?",
    "quick one before anything else: {new_do}. we'll come back to {cur} later",
    "scrap {cur}, {new_do}",
    "stop what you're doing on {cur} and {new_do}",
    "switch gears please: {new_do}",
    "instead of {cur}, can you {new_do}?",
    "{Who} just pinged me, {new_np} is needed {when}. can you jump on that? leave {cur} as is",
    "ok forget {cur} for today. {new_do} please",
    "let's put a pin in {cur}. more urgent: {new_do}",
    "change of plans, {new_do}. {cur} can sit in its branch",
    "for what it's worth {cur} isn't blocking anyone. {new_do} first",
    "{paste}\n\nmeh. not today. {new_do} instead please",
    "before you go further on {cur}: drop it, {who} wants {new_np} {when}",
    "hey, sorry to interrupt — can you {new_do}? {cur} can wait till tomorrow",
    "I need you on something else: {new_do}",
    "commit what you have for {cur} on a wip branch and then {new_do}",
    "leave {cur}. {New_do}",
    "ok so {cur} is on hold, {moot}. meanwhile could you {new_do}?",
    "next up: {new_do}",
    "one sec, something more pressing — {new_do}",
    "{Who} is asking for {new_np} {when}. let's do that right now and revisit {cur} after",
    "I'll deal with {cur} myself later, can you {new_do}",
    "park it. {New_do}",
    "{paste}\n\nnope, not worth it today. let's {new_do} instead",
    "could you {new_do}? the {key_word} stuff isn't urgent",
    "please {new_do} right now, {cur} is lower priority",
    "{Who} says {cur} is on hold. can you {new_do} in the meantime",
    "different thing: {new_do}",
    "let's table {cur}. {New_do}, {who} needs it {when}",
    "mind if we pivot? {new_do}",
    "I'm pulling you off {cur} — {new_do}",
    "{paste}\n\ngiving up on this one for now. {New_do}",
    "ok while that's stuck, {new_do}",
    "{moot_cap}, so {cur} is dead. can you {new_do}?",
    "can you {new_do}? {who} needs it {when}",
    "sorry, reprioritising: {new_do}. {cur} later",
    "hey can you {new_do} real quick, we'll get back to {cur} after",
    "{cur} → backlog. {new_do} now please",
    "{Who} wants {new_np} before anything else, so let's leave {cur} and do that",
    "thanks, that's enough on {cur}. now {new_do}",
)

STOP_TEMPLATES: tuple[str, ...] = (
    "ok park {cur}, I'll pick it up tomorrow",
    "we're dropping {cur} — {moot}",
    "{moot_cap}, so no need to continue with {cur}",
    "let's leave {cur} there for today",
    "{paste}\n\nok that's enough of this for now. leave it, don't change anything else",
    "hold off on {cur} until {owner} gets back to us",
    "{Owner} is taking over {cur}, you can stop there",
    "never mind {cur}, {owner} already took care of it",
    "cancel {cur} please",
    "ok scrap it, {moot}",
    "shelving {cur}. thanks for the help so far",
    "let's not bother with {cur} after all",
    "for what it's worth {moot}. so {cur} is moot, leave it",
    "pause on {cur} please, I need to think about the approach first",
    "don't spend any more time on {cur}",
    "ok that's it for {cur}. commit what you have to a wip branch and stop there",
    "{cur} is on ice until next sprint",
    "handing {cur} off to {owner}, leave it as is",
    "ugh.\n\n{paste}\n\nok I give up on this one for today",
    "we won't need {cur_np} after all, {moot}",
    "kill it, {moot}",
    "{Owner} said to drop {cur}",
    "let's call it on {cur}",
    "no more work on {cur} today please",
    "ok stand down on {cur}",
    "actually, forget {cur}. it's not happening this quarter",
    "leave {cur} where it is, I'll look at it with {owner} on monday",
    "{cur}: parking this. not a priority anymore",
    "just stop. {moot}",
    "right, {moot}. so we can drop this entirely",
    "wind down {cur}, we're not doing it",
    "I'll take {cur} from here myself, thanks",
    "put {cur} on hold please",
    "abandon {cur}, {moot}",
    "{paste}\n\nyeah no. {moot}, so let's just leave it",
    "just heard {moot}. nothing more to do on {cur}",
    "don't push anything for {cur}, it's off the table",
    "ok leave it there. {owner} will finish {cur} next week",
)

RESUME_TEMPLATES: tuple[str, ...] = (
    "ok {cur_np} {done}, back to {st}",
    "let's pick {st} up again",
    "where did we leave {st}?",
    "{Cur_np} {done}. now where were we on {st}?",
    "back to {st}. last I remember {where}",
    "ok, unparking {st}. {where}, right?",
    "thanks, that's all for {cur}. let's get back to {st}",
    "can we resume {st}?",
    "returning to {st}: {where}. carry on from there",
    "right, {st} again. {where}",
    "good, {who} is happy with it. back to {st} please",
    "{St} — let's finish it off now",
    "ok now that's out of the way, {st}",
    "let's get {st} over the line now",
    "ok where were we with {st}",
    "can you continue with {st} from where you stopped?",
    "{Owner} unblocked {st}, so let's go back to it",
    "back on {st}. {where}",
    "{st} again please",
    "ok, {cur_np} {done}. {St} next, pick up where we left off",
    "pick {st} back up, {where}",
    "now let's go back to {st}",
    "turns out we do need {st} after all. {where}, so continue from there",
    "ok {st} is back on, {who} wants it {when}. {where}",
    "that'll do for {cur}. {st}?",
    "ok {cur_np} shipped 🎉 back to the earlier thing, {st}",
    "let's dig {st} back out",
    "where had you got to with {st}? let's carry on",
    "still getting this from {st}:\n\n{st_paste}\n\nlet's look at it again",
    "{st_paste}\n\n^ that's where we stopped on {st}. can we continue?",
    "alright, done with that. if I remember correctly {where} on {st}, let's keep going",
    "{Cur_np} looks good, thanks. ok, {st} — what was the next step?",
    "ok back to what we were doing before, {st}",
)

REPLY_TEMPLATES: tuple[str, ...] = (
    "{paste}\n\nthat's what I get when I run it locally. any idea what's going on?",
    "{paste}\n\n{tr}",
    "{tr}",
    "{tr}",
    "ok, {tr}",
    "{tr}. otherwise looks good",
    "one more thing on this: {tr}",
    "for what it's worth {tr}",
    "sorry, was in a meeting. {tr}",
    "how long do you think {cur} will take?",
    "{Who} asked if {cur_np} will be ready {when}. realistic?",
    "{Who} wants {cur_np} {when}, so keep at it",
    "don't worry about {other}, that one's parked. just keep going on {cur}",
    "don't go back to {other} yet, finish {cur} first",
    "no need to switch branches, keep working on this one",
    "don't stop now, you're close. keep going",
    "stop printing whole dataframes, .head() is enough",
    "go back to your previous approach, this one is slower",
    "undo the last edit and go back to the version that ran",
    "hold on, don't push yet. show me the diff first",
    "cancel that last command, wrong env. run it in the `ds311` conda env",
    "stop, that's the prod warehouse! use the dev schema for this",
    "kill the job and rerun it with more memory",
    "let's come back to the plotting and docs after the numbers are right",
    "leave the docstrings for later, get it working first",
    "looks good 👍 go ahead",
    "yes that's right, carry on",
    "no, other way round",
    "thanks, that's clearer now. what's the next step on {cur}?",
    "can you explain what you've changed so far on {cur}?",
    "{paste}\n\nthis is expected right? or is it a bug",
    "{Who} reviewed it and is fine with the approach. carry on with {cur}",
    "park the edge cases for now, get the main path working",
    "skip the slow checks for now, we'll run them at the end",
    "pause here and tell me what you'd do next before running anything",
    "instead of guessing, add some logging and run it again",
    "both options are fine, pick the simpler one",
    "is this going to touch anything in prod?",
    "what's the runtime on the full data?",
    "{paste}\n\nsame error as before. stop retrying the same fix, try something else",
    "wait, why is it reading from the cached parquet? use the fresh pull",
    "👍",
    "hmm not sure, what do you think is better?",
    "switch back to the earlier version of that function, the new one broke it",
)

_ABBREV: tuple[tuple[str, str], ...] = (
    ("please", "pls"),
    ("right now", "rn"),
    ("thanks", "thx"),
    ("tomorrow", "tmrw"),
    ("because", "bc"),
    ("for what it's worth", "fwiw"),
    ("if I remember correctly", "iirc"),
    ("to be honest", "tbh"),
    ("you", "u"),
    ("before", "b4"),
    ("something", "smth"),
    ("with", "w/"),
)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().lower())


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _typo(rng: random.Random, text: str) -> str:
    words = list(re.finditer(r"\b[a-z]{5,9}\b", text))
    if not words:
        return text
    m = rng.choice(words)
    w = m.group(0)
    i = rng.randrange(1, len(w) - 2)
    op = rng.randrange(3)
    if op == 0:
        new = w[:i] + w[i + 1] + w[i] + w[i + 2 :]
    elif op == 1:
        new = w[:i] + w[i + 1 :]
    else:
        new = w[:i] + w[i] + w[i:]
    return text[: m.start()] + new + text[m.end() :]


def _noise(rng: random.Random, text: str) -> str:
    """Register noise on the typed part of a message (pasted blocks are marked and untouched)."""
    if rng.random() < 0.35:
        for long, short in _ABBREV:
            if rng.random() < 0.6:
                text = re.sub(rf"\b{re.escape(long)}\b", short, text, flags=re.IGNORECASE)
    if rng.random() < 0.3:
        text = text.lower()
    if rng.random() < 0.25:
        text = re.sub(r"[.?!]+$", "", text.rstrip())
        if rng.random() < 0.5:
            text = text.replace(", ", " ")
    if rng.random() < 0.2:
        text = text.replace(" — ", rng.choice((" - ", ", ", " -- ", "... ")))
    if rng.random() < 0.18:
        text = _typo(rng, text)
    if rng.random() < 0.12:
        text = text.rstrip() + rng.choice(EMOJI)
    return text


def _slots(rng: random.Random, cur: Task, other: Task) -> dict[str, str]:
    who = rng.choice(WHO)
    owner = rng.choice(OWNERS)
    moot = rng.choice(cur.moots)
    cur_np = rng.choice(cur.nps)
    new_do = rng.choice(other.dos)
    st = rng.choice(other.nicks)
    cur_nick = rng.choice(cur.nicks)
    key_word = cur_nick.removeprefix("the ").removesuffix(" thing").removesuffix(" stuff")
    return {
        "cur": cur_nick,
        "Cur": _cap(cur_nick),
        "cur_np": cur_np,
        "Cur_np": _cap(cur_np),
        "key_word": key_word,
        "new_do": new_do,
        "New_do": _cap(new_do),
        "new_np": rng.choice(other.nps),
        "paste": _PASTE_MARK,
        "who": who,
        "Who": _cap(who),
        "owner": owner,
        "Owner": _cap(owner),
        "when": rng.choice(WHEN),
        "moot": moot,
        "moot_cap": _cap(moot),
        "st": st,
        "St": _cap(st),
        "where": rng.choice(other.wheres),
        "st_paste": _PASTE_MARK,
        "other": rng.choice(other.nicks),
        "done": rng.choice(DONE),
        "tr": rng.choice(cur.replies),
    }


def _render(rng: random.Random, template: str, cur: Task, other: Task) -> str:
    slots = _slots(rng, cur, other)
    text = template.format(**slots)
    text = text.replace("?.", "?").replace("?,", "?")
    text = _noise(rng, text)
    if _PASTE_MARK in text:
        source = other if "{st_paste}" in template else cur
        text = text.replace(_PASTE_MARK, rng.choice(source.pastes), 1)
    return text


_TEMPLATES: dict[str, tuple[str, ...]] = {
    "switch": SWITCH_TEMPLATES,
    "stop": STOP_TEMPLATES,
    "resume": RESUME_TEMPLATES,
    "reply": REPLY_TEMPLATES,
}


def generate(seed: int) -> list[dict[str, str | None]]:
    """Return the 600 labelled cases for ``seed`` (deterministic, shuffled, deduplicated)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    used_fixed: set[str] = set()
    cases: list[dict[str, str | None]] = []
    for kind in KINDS:
        templates = _TEMPLATES[kind]
        want = PLAN[kind]
        got = 0
        attempts = 0
        order: list[str] = []
        while got < want:
            attempts += 1
            if attempts > 200_000:
                raise RuntimeError(f"could not fill {kind}: {got}/{want}")
            if not order:
                order = list(templates)
                rng.shuffle(order)
            template = order.pop()
            if "{" not in template:
                # A template without slots is used at most once per seed, so near-copies that
                # differ only by register noise do not pile up.
                if template in used_fixed:
                    continue
                used_fixed.add(template)
            cur, other = rng.sample(TASKS, 2)
            text = _render(rng, template, cur, other)
            key = _norm(text)
            if key in seen:
                continue
            seen.add(key)
            got += 1
            if kind == "resume":
                # ``other`` is the task stopped earlier; ``cur`` was done in between.
                cases.append(
                    {"kind": kind, "text": text, "current_task": cur.ask, "stopped_task": other.ask}
                )
            else:
                cases.append(
                    {"kind": kind, "text": text, "current_task": cur.ask, "stopped_task": None}
                )
    rng.shuffle(cases)
    return cases


def _self_check() -> None:
    total_templates = sum(len(t) for t in _TEMPLATES.values())
    reply_lines = sum(len(t.replies) for t in TASKS)
    print(
        f"tasks={len(TASKS)} templates={total_templates} "
        + " ".join(f"{k}={len(v)}" for k, v in _TEMPLATES.items())
        + f" task_reply_lines={reply_lines}"
    )
    for seed in (0, 1, 2):
        cases = generate(seed)
        counts = Counter(c["kind"] for c in cases)
        distinct = len({_norm(str(c["text"])) for c in cases})
        print(
            f"seed {seed}: total={len(cases)} "
            + " ".join(f"{k}={counts[k]}" for k in KINDS)
            + f" distinct_texts={distinct}"
        )
        assert len(cases) == 600
        assert dict(counts) == PLAN
        assert distinct == 600
        for c in cases:
            assert set(c) == {"kind", "text", "current_task", "stopped_task"}
            assert c["kind"] in KINDS
            assert isinstance(c["text"], str)
            assert c["text"].strip()
            assert _PASTE_MARK not in c["text"]
            assert isinstance(c["current_task"], str)
            if c["kind"] == "resume":
                assert isinstance(c["stopped_task"], str)
                assert c["stopped_task"] != c["current_task"]
            else:
                assert c["stopped_task"] is None
    assert generate(0) == generate(0)
    assert generate(0) != generate(1)
    print("ok")


if __name__ == "__main__":
    _self_check()
