"""Chinese instructions that hold beyond the turn, by what the sentence does (domain/instructions.py)."""

# A prohibition addressed to the assistant: 你别直接付钱, 不要替我答应.
SCOPE = r"(?!)"
VERBS = r"(?!)"
SCOPE_YOU = r"(?!)"
HABITUAL = r"(?!)"
# A "not" with its exception is a standing one: 周末不加班，除非是上线.
PROHIBITION = r"(?:^|[，,；;]\s*)(?:你\s*)?(?:千万)?(?:别|不要|不许|不准|禁止)|^[^，。；]{0,12}?不[\u4e00-\u9fff]{1,6}[，,]\s*除非"
# A policy over every case: 所有订单先发我确认, 每一页都要签名, 凡是外发的文件一律…
# A kind of thing bounded by a figure is every one of them too: 报价超过一万的都要先给我看.
UNIVERSAL = r"(?:所有|每一?[个页次份张单条位周天月晚]|凡是|任何|一律|[^，。；]{0,8}(?:超过|高于|低于|不到|大于|小于)[^，。；]{1,8}的)"
# A bound is a limit too: 每次不超过五十块, 每单最多三件, 每周至少两次.
LIMIT = r"(?:都要|都得|必须|需要|要先|先.{1,8}(?:确认|审核|过目|看)|不能|不要|别|不许|不准|禁止|一律|不超过|不得超过|最多|至多|至少|不少于|不低于|控制在)"
TOLD = r"(?!)"
