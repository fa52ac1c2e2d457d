"""Vendor key formats: private key blocks and the prefixed keys and tokens each vendor issues."""

import re

from detect_secrets.plugins import artifactory, aws, azure_storage_key, discord, mailchimp, sendgrid, square_oauth, telegram_token, twilio
from detect_secrets.plugins.base import RegexBasedDetector

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import Gate, words
from services.memory.domain.scrub_rules.values import Rule

# They run before the rules on names, so a named key keeps its kind ("OPENAI_API_KEY=[REDACTED_OPENAI_KEY]").
VENDOR_KEYS: tuple[Rule, ...] = (
    # Whole PEM blocks, across lines (the scan for END stops at the next BEGIN, so it stays linear);
    # a block cut short takes its header and the key lines after it; a header named in prose stays.
    (
        words("private key"),
        regex_cache.compile(
            r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:(?:(?!-----BEGIN).)*?-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
            r"|(?:(?:\\[rn]|\s)+(?:[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9+/]+={1,2}|(?:Proc-Type|DEK-Info|Comment):[^\n]*))+)",
            re.S,
        ),
        "[REDACTED_PRIVATE_KEY]",
    ),
    (
        words("putty-user-key-file"),
        regex_cache.compile(r"PuTTY-User-Key-File-\d+:.*?(?:Private-MAC: *[0-9a-fA-F]+|\Z)", re.S),
        "[REDACTED_PRIVATE_KEY]",
    ),
    (words("sk-ant-"), regex_cache.compile(r"\bsk-ant-[A-Za-z0-9_-]{16,}"), "[REDACTED_ANTHROPIC_KEY]"),
    (  # a key holds a long alphanumeric run; "sk-ecdsa-sha2-nistp256" does not
        words("sk-"),
        regex_cache.compile(r"\bsk-(?:proj-|svcacct-|admin-|live-|test-)?(?=[A-Za-z0-9_-]*[A-Za-z0-9]{20})[A-Za-z0-9_-]{20,}"),
        "[REDACTED_OPENAI_KEY]",
    ),
    (
        words("k_live_", "k_test_", "whsec_"),
        regex_cache.compile(r"\b(?:[srp]k_(?:live|test)|whsec)_[A-Za-z0-9]{16,}"),
        "[REDACTED_STRIPE_KEY]",
    ),
    (
        words("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        regex_cache.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})"),
        "[REDACTED_GITHUB_TOKEN]",
    ),
    (
        words(*(f"gl{kind}-" for kind in ("pat", "dt", "ft", "soat", "rt", "cbt", "imt", "ptt", "agent", "oas"))),
        regex_cache.compile(r"\bgl(?:pat|dt|ft|soat|rt|cbt|imt|ptt|agent|oas)-[A-Za-z0-9_-]{20,}"),
        "[REDACTED_GITLAB_TOKEN]",
    ),
    (
        words("hooks.slack.com/"),
        regex_cache.compile(r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]+", re.I),
        "[REDACTED_SLACK_WEBHOOK]",
    ),
    (
        words("/api/webhooks/"),
        regex_cache.compile(r"https://(?:\w+\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]+", re.I),
        "[REDACTED_DISCORD_WEBHOOK]",
    ),
    (words("xox", "xapp-"), regex_cache.compile(r"\b(?:xox[abposre]|xapp)-[A-Za-z0-9-]{10,}"), "[REDACTED_SLACK_TOKEN]"),
    (words("npm_"), regex_cache.compile(r"\bnpm_[A-Za-z0-9]{30,}\b"), "[REDACTED_NPM_TOKEN]"),
    (words("pypi-"), regex_cache.compile(r"\bpypi-[A-Za-z0-9_-]{40,}"), "[REDACTED_PYPI_TOKEN]"),
    (words("hf_"), regex_cache.compile(r"\bhf_[A-Za-z0-9]{30,}\b"), "[REDACTED_HUGGINGFACE_TOKEN]"),
    (words("dapi"), regex_cache.compile(r"\bdapi[0-9a-f]{32,40}(?:-\d)?\b"), "[REDACTED_DATABRICKS_TOKEN]"),
    (words("aiza"), regex_cache.compile(r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"), "[REDACTED_GOOGLE_API_KEY]"),
    (
        words("gocspx-", "ya29."),
        regex_cache.compile(r"\b(?:GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[A-Za-z0-9_-]{20,})"),
        "[REDACTED_GOOGLE_TOKEN]",
    ),
    (words("eyj"), regex_cache.compile(r"\beyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9_-]+){0,3}"), "[REDACTED_JWT]"),
    (words("ltai"), regex_cache.compile(r"\bLTAI[A-Za-z0-9]{12,28}\b"), "[REDACTED_ALIBABA_KEY]"),
    (words("akid"), regex_cache.compile(r"\bAKID[A-Za-z0-9]{13,40}\b"), "[REDACTED_TENCENT_KEY]"),
    (  # Feishu/Lark and other bots' webhooks carry their secret as the last path segment or the key parameter
        words("/hook/", "/hooks/", "webhook/send?key=", "robot/send?access_token="),
        regex_cache.compile(r"(?i)(/hooks?/|webhook/send\?key=|robot/send\?access_token=)[A-Za-z0-9_-]{16,}"),
        lambda m: m.group(1) + "[REDACTED_WEBHOOK]",
    ),
    # Keys whose tail is lowercase hex, which the rule on unnamed prefixed keys (a mixed-case tail) lets pass:
    # Mailgun's private keys, DigitalOcean's personal, OAuth and refresh tokens, Shopify's app tokens.
    (words("key-"), regex_cache.compile(r"(?<![\w-])key-[0-9a-f]{32}\b"), "[REDACTED_MAILGUN_KEY]"),
    (words("dop_v1_", "doo_v1_", "dor_v1_"), regex_cache.compile(r"\bdo[opr]_v1_[0-9a-f]{64}\b"), "[REDACTED_DIGITALOCEAN_TOKEN]"),
    (
        words("shpat_", "shpss_", "shpca_", "shppa_"),
        regex_cache.compile(r"\bshp(?:at|ss|ca|pa)_[0-9a-fA-F]{32}\b"),
        "[REDACTED_SHOPIFY_TOKEN]",
    ),
    (
        words("a3t", "akia", "asia", "abia", "acca"),
        regex_cache.compile(r"\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b"),
        "[REDACTED_AWS_KEY]",
    ),
)

# detect-secrets' regex detectors for vendors our rules do not spell out, each behind a gate as
# cheap as ours. Left out on purpose: the high-entropy and keyword scanners (on chat text they
# flag git SHAs, hostnames and most identifiers), the public-IP detector (an address is not a
# credential), the IBM/Cloudant/SoftLayer ones (a named key, which the rules on names already take)
# and the vendors the rules above match more broadly (Stripe, GitHub, Slack, JWT, ...).
DETECTORS: tuple[tuple[Gate, RegexBasedDetector], ...] = (
    (words("aws"), aws.AWSKeyDetector()),
    (Gate(words=("akc",), shape=r"ap[\da-f][a-z0-9]{8}"), artifactory.ArtifactoryDetector()),
    (words("accountkey="), azure_storage_key.AzureStorageKeyDetector()),
    (Gate(shape=r"\.[\w-]{6}\.[\w-]{27}"), discord.DiscordBotTokenDetector()),
    (Gate(shape=r"-us\d"), mailchimp.MailchimpDetector()),
    (words("sg."), sendgrid.SendGridDetector()),
    (words("sq0csp-"), square_oauth.SquareOAuthDetector()),
    (Gate(shape=r":[\w-]{35}"), telegram_token.TelegramBotTokenDetector()),
    (Gate(shape=r"(?:ac|sk)[a-z0-9]{32}"), twilio.TwilioKeyDetector()),
)
