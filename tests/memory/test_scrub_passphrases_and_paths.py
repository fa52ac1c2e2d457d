"""Passphrases written with spaces after a label, and paths under a home directory, as the scrubber
leaves them in exports and assembled messages. Every sentence here is made up for these tests."""

import pytest

from services.memory.domain.scrub import names_secret, scrub, scrub_document

# (text, what must disappear, what must remain)
PASSPHRASES = [
    ("passphrase: correct horse battery staple", "horse battery", "passphrase: [REDACTED]"),
    ("My passphrase is violet anchor spoon tundra, please keep it to yourself", "anchor spoon", "is [REDACTED], please keep"),
    ("pass phrase = amber lantern quietly hums", "lantern quietly", "pass phrase = [REDACTED]"),
    ("The pass-phrase for the backup disk is marble otter seventeen kites.", "otter seventeen", "disk is [REDACTED]."),
    ("**Passphrase:** brisk walrus under neon", "walrus", "**Passphrase:** [REDACTED]"),
    ('the wallet passphrase was "olive drum west of midnight" until March', "olive drum", 'was "[REDACTED]" until March'),
    ("Passphrase — glacier tofu mango rally", "glacier tofu", "Passphrase — [REDACTED]"),
    ("my passphrase is paper-crane-violet-41 and I never change it", "paper-crane", "is [REDACTED] and I never"),
    ("the vpn passphrase is: quiet river seven stones", "quiet river", "is: [REDACTED]"),
    ("gpg --batch --passphrase 'copper fox lemon tide' -c notes.txt", "copper fox", "--passphrase '[REDACTED]' -c"),
    ("PASS_PHRASE=quiet-river-7 ./unlock.sh", "quiet-river", "PASS_PHRASE=[REDACTED] ./unlock.sh"),
    ("口令是 correct horse battery staple", "horse battery", "口令是 [REDACTED]"),
    ("服务器口令：amber lantern quietly hums，别外传", "lantern quietly", "口令：[REDACTED]，别外传"),
    ("密码短语是 蓝色 月亮 下雨 咖啡", "月亮 下雨", "密码短语是 [REDACTED]"),
    ("备份盘的口令为 marble otter seventeen kites", "otter seventeen", "口令为 [REDACTED]"),
    # Chinese written without spaces is several words all the same.
    ("钱包 passphrase: 山高月小水落石出", "月小水落", "passphrase: [REDACTED]"),
    ("保险箱口令是大漠孤烟直长河落日圆", "孤烟直", "口令是[REDACTED]"),
]


@pytest.mark.parametrize("text,secret,shown", PASSPHRASES)
def test_a_passphrase_after_its_label_goes_whole(text, secret, shown):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert shown in scrubbed
    assert scrub(scrubbed) == scrubbed


# Talk about passphrases, and code that handles one, names none.
PASSPHRASE_ORDINARY = [
    "the passphrase policy requires four words",
    "the passphrase is stored in the vault",
    "Is the passphrase required for the staging box?",
    "the passphrase was rotated last week by ops",
    "the passphrase is case sensitive",
    "the passphrase is at least twenty characters long",
    "the passphrase is four random words from the EFF list",
    "my passphrase is the same as my laptop password",
    "Enter passphrase (empty for no passphrase):",
    "passphrases are easier to remember than passwords",
    'passphrase = getpass.getpass("Passphrase: ")',
    "def unlock(passphrase: str, *, retries: int = 3) -> bool:",
    'if passphrase is None: raise ValueError("passphrase is required")',
    "passphrase: ${VAULT_PASSPHRASE}",
    "key = load_key(path, passphrase=settings.KEY_PASSPHRASE)",
    "口令策略是 至少 四个 词",
    "口令是什么来着？",
    "口令是 至少 12 位",
]


@pytest.mark.parametrize("text", PASSPHRASE_ORDINARY)
def test_prose_and_code_about_passphrases_is_untouched(text):
    assert scrub(text) == text


HOME_PATHS = [
    # A home that names no user: the path under it goes.
    ("open ~/projects/acme/.env and copy the keys", "acme", "open ~/[REDACTED_PATH] and copy"),
    ("ssh -i ~/.ssh/id_ed25519 deploy@bastion", "id_ed25519", "-i ~/[REDACTED_PATH] deploy@bastion"),
    ("the config lives at ~/Library/Preferences/com.acme.plist.", "com.acme", "at ~/[REDACTED_PATH]."),
    ('export KUBECONFIG="$HOME/.kube/acme-prod.yaml"', "acme-prod", 'KUBECONFIG="$HOME/[REDACTED_PATH]"'),
    ("cp ${HOME}/notes/payroll.xlsx /tmp", "payroll", "cp ${HOME}/[REDACTED_PATH] /tmp"),
    ("日志在 ~/logs/acme/app.log 里", "acme", "日志在 ~/[REDACTED_PATH] 里"),
    ("sudo cat /root/.aws/credentials", ".aws", "cat /root/[REDACTED_PATH]"),
    ("the cron job writes to /root/backups/db-2024.sql, then exits", "db-2024", "to /root/[REDACTED_PATH], then exits"),
    # A home that names its user: the name goes, the path under it stays.
    ("~marta/.bashrc sources the aliases", "marta", "~[USER]/.bashrc sources"),
    ("cd /mnt/c/Users/Kenji/Documents/acme", "Kenji", "/mnt/c/Users/[USER]/Documents/acme"),
    ("Git Bash shows /c/Users/Kenji/AppData/Roaming", "Kenji", "/c/Users/[USER]/AppData"),
    (r"saved to C:\Users\Ana Lucia\Desktop\plan.docx", "Lucia", r"C:\Users\[USER]\Desktop\plan.docx"),
    (r"open \\wsl$\Ubuntu\home\dmitri\acme in Explorer", "dmitri", r"\\wsl$\Ubuntu\home\[USER]\acme"),
    ("on Silverblue it is /var/home/dmitri/.config/acme", "dmitri", "/var/home/[USER]/.config/acme"),
]


@pytest.mark.parametrize("text,secret,shown", HOME_PATHS)
def test_home_paths_lose_their_user_or_what_lies_under_them(text, secret, shown):
    scrubbed = scrub(text)
    assert secret not in scrubbed
    assert shown in scrubbed
    assert scrub(scrubbed) == scrubbed


PATH_ORDINARY = [
    "a tilde ~ in math: x ~ N(0, 1)",
    "about ~n/2 comparisons, roughly ~5/month, ~eps/1e-3 of error",
    "the ~/ prefix expands to your home; cd ~ && ls",
    "root cause: the cache was cold",
    "binaries go to /usr/local/bin and /opt/acme/bin",
    "the home page links to the docs",
    "edit src/app/settings.py and ./scripts/run.sh, then ../shared/config.yaml",
    "the tree's root/ directory; s3://backups/root/2024/ holds the dumps",
    "see https://example.org/~/dashboard and https://example.edu/~jdoe/cv.html",
    "operators like ~/= and ^/= in the grammar",
    "/home/[USER]/src, ~/[REDACTED_PATH] and /root/[REDACTED_PATH] are already scrubbed",
]


@pytest.mark.parametrize("text", PATH_ORDINARY)
def test_text_that_only_looks_like_a_home_path_is_untouched(text):
    assert scrub(text) == text


def test_an_export_document_loses_passphrases_and_home_paths_in_names_and_values():
    document = {
        "attributes": {
            "cwd": "~/projects/acme",
            "~/.ssh/id_ed25519": "deploy key",
            "/root/.bash_history": 12,
            "note": "passphrase: correct horse battery staple",
            "pass phrase": "amber lantern",
            "密码短语": "蓝色 月亮",
            "passphrase_policy": "four words",
        },
        "items": [
            {"key": "disk passphrase", "value": "marble otter seventeen kites"},
            {"key": "backup", "value": "pass phrase = quiet river seven stones"},
            {"key": "scripts", "value": "kept in ~/bin/acme"},
        ],
    }
    scrubbed = scrub_document(document)
    attributes = scrubbed["attributes"]
    assert attributes["cwd"] == "~/[REDACTED_PATH]"
    assert attributes["~/[REDACTED_PATH]"] == "deploy key" and attributes["/root/[REDACTED_PATH]"] == 12
    assert attributes["note"] == "passphrase: [REDACTED]"
    assert attributes["pass phrase"] == "[REDACTED]" and attributes["密码短语"] == "[REDACTED]"
    assert attributes["passphrase_policy"] == "four words"
    assert [item["value"] for item in scrubbed["items"]] == ["[REDACTED]", "pass phrase = [REDACTED]", "kept in ~/[REDACTED_PATH]"]
    assert scrub_document(scrubbed) == scrubbed


@pytest.mark.parametrize("name", ["passphrase", "pass phrase", "PASS_PHRASE", "backup pass-phrase", "密码短语"])
def test_names_of_a_passphrase_mark_a_secret(name):
    assert names_secret(name)


@pytest.mark.parametrize("name", ["passphrase_policy", "phrase", "pass_rate"])
def test_names_near_a_passphrase_do_not(name):
    assert not names_secret(name)
