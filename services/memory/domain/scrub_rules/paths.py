"""Personal paths: the user in a home directory (/home/<user>, /Users/<user>, C:\\Users\\<user>, ~<user>),
and what lies under a home that names no user (~/…, $HOME/…, the superuser's home)."""

from services.memory import regex_cache
from services.memory.domain.scrub_rules.gates import words
from services.memory.domain.scrub_rules.values import Rule

# A path's characters after a home: from a word character or a dot (`~/=` is an operator) up to a
# space, a quote, a bracket or a separator, the last one not a sentence's punctuation ("see
# ~/notes.md." keeps its full stop). A placeholder starts with "[", so a second pass changes nothing.
_EXCLUDED = r"\s\"'`<>|;:,()\[\]{}，。；：、（）「」"
_UNDER_HOME = r"(?=[\w.])[^" + _EXCLUDED + r"]*[^" + _EXCLUDED + r".!?]"
# The superuser's home, which names no user but holds their files.
_SUPERUSER = "root"
_ROOT_HOME = f"/{_SUPERUSER}/"

PATHS: tuple[Rule, ...] = (
    # Not inside a URL's path (example.org/home/team/); /var/home, /usr/home and /export/home too
    # (Fedora Atomic, FreeBSD, Solaris).
    (words("/home/"), regex_cache.compile(r"(?<![\w.])(/var|/usr|/export)?/home/[A-Za-z0-9._-]+(?=/|\b)"), r"\1/home/[USER]"),
    (
        words("/users/"),
        # "/Users/Jane Doe/" too; and C: as WSL (/mnt/c/Users/…) and Git Bash (/c/Users/…) mount it.
        regex_cache.compile(r"(?<![\w.])((?:/mnt)?/[A-Za-z])?/Users/(?:[A-Za-z0-9._-]+ [A-Za-z0-9._-]+(?=/)|[A-Za-z0-9._-]+(?=/|\b))"),
        r"\1/Users/[USER]",
    ),
    # A WSL distribution's home as Windows reaches it: \\wsl$\Ubuntu\home\<user>, \\wsl.localhost\….
    (words("\\home\\"), regex_cache.compile(r"(?i)(\\\\+wsl(?:\$|\.localhost)\\+[^\\\s\"']+\\+home\\+)[^\\\s\"']+"), r"\1[USER]"),
    (
        words("\\users\\"),
        regex_cache.compile(r"(?i)\b([A-Z]:)\\+Users\\+(?:[^\\\s\"']+ [^\\\s\"']+(?=\\)|[^\\\s\"']+)"),
        r"\1\\Users\\[USER]",
    ),
    # ~bob/.bashrc is bob's home folder; not in a URL (example.edu/~bob/) nor in arithmetic (~5/month, ~n/2, ~eps/1e-3).
    (words("~"), regex_cache.compile(r"(?<![\w~/.$-])~[a-z_][a-z0-9._-]+(?=/[A-Za-z._])"), "~[USER]"),
    # A home that names no user still shows whose files are where (~/projects/acme/.env,
    # ~/.ssh/id_ed25519, the superuser's .aws/credentials): the path under it goes.
    (words("~/", "$home/", "${home}/"), regex_cache.compile(r"(?<![\w~/.$-])(~|\$HOME|\$\{HOME\})/" + _UNDER_HOME), r"\1/[REDACTED_PATH]"),
    (words(_ROOT_HOME), regex_cache.compile(r"(?<![\w.~-])" + _ROOT_HOME + _UNDER_HOME), _ROOT_HOME + "[REDACTED_PATH]"),
)
